import { same, type Payload, type ResourceWrites } from '../http/resource-writes';

/** Alternative texts without the blank locales (the site falls back to en for them). */
function cleanAlt(alt: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!alt || typeof alt !== 'object') return result;
  for (const [locale, text] of Object.entries(alt as Payload)) {
    if (typeof text === 'string' && text.trim() !== '') result[locale] = text.trim();
  }
  return result;
}

interface RawFile {
  rawFile?: unknown;
}

/** The multipart body of POST /api/medias: the file in `file`, beside name, alt (JSON) and packId. */
export function toMediaUpload(data: Payload): FormData {
  const form = new FormData();
  const file = (data.file as RawFile | undefined)?.rawFile ?? data.file;
  if (file instanceof Blob) form.append('file', file);
  if (typeof data.name === 'string' && data.name.trim()) form.append('name', data.name.trim());
  const alt = cleanAlt(data.alt);
  if (Object.keys(alt).length > 0) form.append('alt', JSON.stringify(alt));
  if (data.packId !== undefined && data.packId !== null && data.packId !== '') form.append('packId', String(data.packId));
  return form;
}

/** PUT /api/medias/:id: the name, alternative texts and pack that changed. */
export function toMediaUpdate(data: Payload, previous: Payload = {}): Payload {
  const payload: Payload = {};
  if (typeof data.name === 'string' && data.name.trim() !== previous.name) payload.name = data.name.trim();
  const alt = cleanAlt(data.alt);
  if (!same(alt, cleanAlt(previous.alt))) payload.alt = alt;
  const packId = data.packId === '' || data.packId === undefined ? null : data.packId;
  if (!same(packId, previous.packId ?? null)) payload.packId = packId;
  return payload;
}

export const mediaWrites: ResourceWrites = { create: toMediaUpload, update: toMediaUpdate };
