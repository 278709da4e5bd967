import { BadRequestException } from '@nestjs/common';
import type { Dropped } from './versioned-records';

/** How many times a restore leaves out what a write was refused for, and tries again. */
const MAX_TRIES = 5;

/** By default, what an error's path starts with: the top-level property it names. */
function leaveOutProperty(body: Record<string, unknown>, path: string): boolean {
  const [head] = path.split('.');
  if (!(head in body)) return false;
  delete body[head];
  return true;
}

/** Leaves out what a page part's error path names: one section (`sections.2.elementId`), or the metadata. */
export function leaveOutPagePart(body: Record<string, unknown>, path: string): boolean {
  const [head, index] = path.split('.');
  if (head === 'metadata' && body.metadata !== undefined) {
    delete body.metadata;
    return true;
  }
  const sections = body.sections as unknown[] | undefined;
  if (head !== 'sections' || !sections || index === undefined || !/^\d+$/.test(index) || !sections[Number(index)]) return false;
  body.sections = sections.filter((_section, at) => at !== Number(index));
  return true;
}

/**
 * Writes a restore's `body` (each try in its own transaction, so a refused one leaves nothing);
 * when the write is refused with a 400 naming paths, what they name is left out (as it is now) and
 * the write tried again. What was left out, and why, for the restore's answer.
 */
export async function writeLeavingOut<B extends object>(
  body: B,
  write: (body: B) => Promise<unknown>,
  { label = '', leaveOut = leaveOutProperty }: { label?: string; leaveOut?: (body: Record<string, unknown>, path: string) => boolean } = {},
): Promise<Dropped> {
  const dropped: Dropped = [];
  for (let attempt = 1; ; attempt++) {
    try {
      await write(body);
      return dropped;
    } catch (error) {
      if (!(error instanceof BadRequestException) || attempt >= MAX_TRIES) throw error;
      const errors = (error.getResponse() as { errors?: Record<string, string[]> }).errors ?? {};
      let left = false;
      for (const [path, messages] of Object.entries(errors))
        if (leaveOut(body as Record<string, unknown>, path)) {
          dropped.push(`${path}${label}: ${messages[0] ?? 'refused'}`);
          left = true;
        }
      if (!left) throw error;
    }
  }
}
