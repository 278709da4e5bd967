import { DEFAULT_LANG, inLocale, type Lang, type MetadataEntry } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { InputErrors } from '../common/http/input-errors';
import { Metadata } from './metadata.entity';

type MetadataOwner = { containerId: number } | { contentId: number };

const MAX_METADATA = 50;

/** The `<meta>` pairs of a container's or a content's page, per locale. */
@Injectable()
export class MetadataService {
  check(entries: readonly MetadataEntry[], path: string, errors: InputErrors): void {
    if (entries.length > MAX_METADATA) errors.add(path, `must have at most ${MAX_METADATA} entries`);
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.name)) errors.add(`${path}.${index}.name`, `"${entry.name}" is given twice`);
      seen.add(entry.name);
    });
  }

  async replace(manager: EntityManager, owner: MetadataOwner, lang: Lang, entries: readonly MetadataEntry[]): Promise<void> {
    await manager.getRepository(Metadata).delete({ ...owner, lang });
    if (entries.length) await manager.getRepository(Metadata).insert(entries.map((e) => ({ ...owner, lang, name: e.name, content: e.content })));
  }

  /** The locale's entries, or en's when the locale has none. */
  async read(manager: EntityManager, owner: MetadataOwner, lang: Lang): Promise<{ metadata: MetadataEntry[]; fallback: boolean }> {
    const rows = await manager.getRepository(Metadata).find({ where: { ...owner, lang: In([...new Set([lang, DEFAULT_LANG])]) }, order: { id: 'ASC' } });
    return pickMetadata(rows, lang);
  }
}

export function pickMetadata(rows: readonly Pick<Metadata, 'name' | 'content' | 'lang'>[], lang: Lang): { metadata: MetadataEntry[]; fallback: boolean } {
  const chosen = inLocale(rows, lang);
  return { metadata: chosen.rows.map((r) => ({ name: r.name, content: r.content })), fallback: chosen.fellBack };
}
