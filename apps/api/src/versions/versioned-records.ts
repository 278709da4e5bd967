import type { Version } from './versions.service';

/** What a restore left as it is now, and why (a deleted media, a content that is gone, a rule that changed). */
export type Dropped = string[];

/** How a kind of record is restored from one of its versions; each versioned module provides one. */
export interface VersionedRecords {
  /** 404 when the record does not exist (its versions are then not answered either). */
  assertExists(id: number): Promise<void>;
  /** Makes the version's state the record's draft (drafts on) or the record itself, as a new version: what was dropped. */
  restore(id: number, version: Version): Promise<Dropped>;
}
