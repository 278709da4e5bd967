import * as fs from 'node:fs';
import * as path from 'node:path';

export const ARCHIVE_FORMAT = 'cms-backup';
/** Layout of the archive itself; the schema version says what its rows look like. */
export const ARCHIVE_FORMAT_VERSION = 1;

/** The archive's top-level entries in the order an import reads them: the manifest first, the list of uploads before their files. */
export const ARCHIVE_ENTRIES = ['manifest.json', 'tables', 'uploads.jsonl', 'uploads'];

/**
 * manifest.json, the archive's first entry. The rest: `tables/NNN-<table>.jsonl` (one JSON object
 * per row, in foreign-key order), `uploads.jsonl` (key, size and type of every stored file) and
 * `uploads/<key>` (the files' bytes).
 */
export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** Name of the last migration the database had run. */
  schemaVersion: string;
  appVersion: string;
  createdAt: string;
  tables: ManifestTable[];
  uploads: { count: number; bytes: number; missing: string[] };
}

export interface ManifestTable {
  name: string;
  file: string;
  rows: number;
  /** Size of its file in the archive (archives written before it was recorded lack it). */
  bytes?: number;
  /** Last value handed out by each serial column's sequence, so ids of deleted rows are not reused. */
  sequences: Record<string, number>;
}

export interface UploadEntry {
  key: string;
  size: number;
  contentType: string;
}

export type Progress = (event: { step: string; done: number; total?: number; unit: 'rows' | 'files' }) => void;

/** Bad input or a refused target: the CLI prints the message alone and exits with 1. */
export class BackupError extends Error {}

/** The version in the workspace's package.json (found upwards from here, in src/ and in dist/ alike). */
export function appVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'cms' && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}
