import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import * as tar from 'tar';
import { exportArchive } from '../../src/backup/backup-export';
import { importArchive } from '../../src/backup/backup-import';
import { ARCHIVE_ENTRIES, type Manifest } from '../../src/backup/manifest';
import { LocalStorageDriver } from '../../src/storage/local-storage.driver';
import { isStored, type StorageDriver } from '../../src/storage/storage-driver';
import { contentModel } from '../support/content-model';
import { solidImage, upload } from '../support/media-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { emptyDatabase } from '../support/test-database';

/**
 * `npm run cms -- import` takes an archive from wherever it was kept: a changed one must not plant
 * rows the export never writes, fill the disk, or leave the target half replaced.
 */

const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

async function bytesOf(storage: StorageDriver, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.body) : null;
}

describe('hostile backup archives', () => {
  let t: TestApp;
  let archive: string;
  let manifest: Manifest;
  let imageUri: string;

  beforeAll(async () => {
    t = await createTestApp();
    const image = await upload(t, t.ownerToken, await solidImage('png', 32, 24), 'red.png', { name: 'Red' });
    expect(image.status).toBe(201);
    imageUri = image.body.uri;
    const cm = contentModel(t);
    const blog = await cm.container({ slug: 'blog', published: true, fields: [{ label: 'Name', name: 'name', type: 'STRING' }] });
    await cm.content({
      containerId: blog.id,
      slug: 'hello',
      published: true,
      fields: { name: 'Hello' },
      sections: [
        { block: 'cta', content: { title: 'Go', action: { label: 'Go', href: '/go-there' } } },
        { block: 'richtext', content: { html: '<p>Kind words</p>' } },
      ],
    });
    archive = path.join(tmpDir('cms-hostile-'), 'site.tar.gz');
    manifest = await exportArchive({ dataSource: t.dataSource, storage: new LocalStorageDriver((t.config.storage as { dir: string }).dir), file: archive });
  }, 120_000);
  afterAll(() => t?.close());

  /** The archive unpacked, changed by `change` (which returns the manifest to write), packed again with `entries` in that order. */
  async function altered(change: (dir: string, manifest: Manifest) => Manifest | void, entries: string[] = ARCHIVE_ENTRIES): Promise<string> {
    const dir = tmpDir('cms-altered-');
    await tar.x({ file: archive, cwd: dir });
    const next = change(dir, structuredClone(manifest));
    if (next) fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(next));
    const file = path.join(tmpDir('cms-altered-out-'), 'altered.tar.gz');
    await tar.c({ gzip: true, file, cwd: dir, portable: true }, entries);
    return file;
  }

  /** Imports `file` into a fresh database and storage, and checks that a refusal left both as they were. */
  async function refused(file: string, message: RegExp): Promise<void> {
    const target = await emptyDatabase();
    const storage = new LocalStorageDriver(tmpDir('cms-hostile-files-'));
    try {
      await expect(importArchive({ dataSource: target.db.dataSource, storage, file })).rejects.toThrow(message);
      expect(await target.db.dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);
      expect(await isStored(storage, imageUri)).toBe(false);
    } finally {
      await target.drop();
    }
  }

  it('tar bomb: an archive that unpacks to more than its manifest declares is cut off', async () => {
    // A valid archive followed, inside the same gzip stream, by 64 MiB of zeros (64 KiB compressed).
    const dir = tmpDir('cms-bomb-');
    await tar.x({ file: archive, cwd: dir });
    const plain = await buffer(tar.c({ cwd: dir, portable: true }, ARCHIVE_ENTRIES));
    const bomb = path.join(tmpDir('cms-bomb-out-'), 'bomb.tar.gz');
    async function* inflating() {
      yield plain;
      const zeros = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < 64; i++) yield zeros;
    }
    await pipeline(inflating, zlib.createGzip(), fs.createWriteStream(bomb));
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    await refused(bomb, /unpacks to more than the \d+ bytes its manifest declares/);
  });

  it('tar bomb: a manifest that declares more than the disk can hold is refused before anything is unpacked', async () => {
    const file = await altered((_dir, m) => ({ ...m, uploads: { ...m.uploads, bytes: 2 ** 52 } }));
    await refused(file, /its manifest declares \d+ bytes, more than the \d+ this import can unpack here/);
  });

  it('unlisted entry: a file the manifest does not list, or an entry before the manifest, is refused', async () => {
    const extra = await altered(
      (dir) => {
        fs.writeFileSync(path.join(dir, 'run.sh'), '#!/bin/sh\nrm -rf /\n');
      },
      [...ARCHIVE_ENTRIES, 'run.sh'],
    );
    await refused(extra, /"run\.sh", which its manifest does not list/);
    const unlistedUpload = await altered((dir) => {
      fs.writeFileSync(path.join(dir, 'uploads', `${'a'.repeat(32)}.png`), 'not listed');
    });
    await refused(unlistedUpload, /uploads\/a{32}\.png", which its uploads\.jsonl does not list/);
    const manifestLast = await altered(() => undefined, ['tables', 'uploads.jsonl', 'uploads', 'manifest.json']);
    await refused(manifestLast, /its first entry is not manifest\.json/);
  });

  it('entry larger than declared: a table file or an upload bigger than its manifest says is refused', async () => {
    const content = manifest.tables.find((table) => table.name === 'content')!;
    const grownTable = await altered((dir) => {
      fs.appendFileSync(path.join(dir, content.file), `${'{"id": 999}'.padEnd(10_000, ' ')}\n`);
    });
    await refused(grownTable, new RegExp(`its entry ${content.file} holds \\d+ bytes where its manifest says ${content.bytes}`));
    const grownUpload = await altered((dir) => {
      fs.appendFileSync(path.join(dir, 'uploads', imageUri), Buffer.alloc(4096));
    });
    await refused(grownUpload, new RegExp(`its entry uploads/${imageUri} holds \\d+ bytes where its uploads\\.jsonl says`));
  });

  it('session and sign-in-limit tables smuggled in: rows of tables an export never writes are refused', async () => {
    const [{ id: loginId }] = await t.dataSource.query(`SELECT "id" FROM "login" ORDER BY "id" LIMIT 1`);
    const session = await altered((dir, m) => {
      const row = {
        id: '6f1c3f5e-7d7a-4f63-9a4e-3b1b2f0d9c11',
        token: 'a'.repeat(64),
        loginId,
        expiresAt: '2099-01-01T00:00:00Z',
        updatedAt: '2026-01-01T00:00:00Z',
        lastUsedAt: '2026-01-01T00:00:00Z',
      };
      const line = `${JSON.stringify(row)}\n`;
      fs.writeFileSync(path.join(dir, 'tables', '099-session.jsonl'), line);
      return { ...m, tables: [...m.tables, { name: 'session', file: 'tables/099-session.jsonl', rows: 1, bytes: line.length, sequences: {} }] };
    });
    await refused(session, /holds rows of session, a table a backup never holds/);
    const limits = await altered((dir, m) => {
      const line = `${JSON.stringify({ key: 'owner@test.local', points: 0, expire: 1 })}\n`;
      fs.writeFileSync(path.join(dir, 'tables', '098-sign_in_limit.jsonl'), line);
      return { ...m, tables: [...m.tables, { name: 'sign_in_limit', file: 'tables/098-sign_in_limit.jsonl', rows: 1, bytes: line.length, sequences: {} }] };
    });
    await refused(limits, /holds rows of sign_in_limit, a table a backup never holds/);
  });

  it('unchecked rows: a section changed in the archive passes the block checks of a write, or the import stops', async () => {
    const section = manifest.tables.find((table) => table.name === 'section')!;
    const swap = (from: string, to: string) =>
      altered((dir, m) => {
        const file = path.join(dir, section.file);
        fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(from, to));
        return { ...m, tables: m.tables.map((table) => (table.name === 'section' ? { ...table, bytes: fs.statSync(file).size } : table)) };
      });
    await refused(
      await swap('/go-there', 'javascript:alert(document.cookie)'),
      /section \d+ does not pass the API's checks \(Invalid input\. content\.action\.href/,
    );

    // Rich text goes in as the sanitiser leaves it, as a write would have stored it.
    const target = await emptyDatabase();
    try {
      await importArchive({
        dataSource: target.db.dataSource,
        storage: new LocalStorageDriver(tmpDir('cms-rich-')),
        file: await swap('<p>Kind words</p>', '<p>Kind words</p><script>alert(1)</script><img src=x onerror=alert(2)>'),
      });
      const [{ html }] = await target.db.dataSource.query(`SELECT "content"->>'html' AS "html" FROM "section" WHERE "block" = 'richtext'`);
      expect(html).toContain('Kind words');
      expect(html).not.toMatch(/script|onerror/);
    } finally {
      await target.drop();
    }
  });

  it('foreign table in the shared schema survives --force, and is neither exported nor counted as data', async () => {
    const target = await emptyDatabase();
    const storage = new LocalStorageDriver(tmpDir('cms-shared-files-'));
    const ds = target.db.dataSource;
    try {
      await ds.query(`CREATE TABLE "other_app_orders" ("id" serial PRIMARY KEY, "total" int NOT NULL)`);
      await ds.query(`INSERT INTO "other_app_orders" ("total") VALUES (42)`);
      // Another application's rows do not make this database "hold data".
      await importArchive({ dataSource: ds, storage, file: archive });
      await importArchive({ dataSource: ds, storage, file: archive, force: true });
      expect(await ds.query(`SELECT "total" FROM "other_app_orders"`)).toEqual([{ total: 42 }]);
      expect(await ds.query(`SELECT "id" FROM "container"`)).toHaveLength(1);
      const again = path.join(tmpDir('cms-shared-export-'), 'again.tar.gz');
      const exported = await exportArchive({ dataSource: ds, storage, file: again });
      expect(exported.tables.map((table) => table.name)).not.toContain('other_app_orders');
    } finally {
      await target.drop();
    }
  });

  it('failed import leaves files as they were: an overwritten upload is put back', async () => {
    const target = await emptyDatabase();
    const storage = new LocalStorageDriver(tmpDir('cms-restore-files-'));
    try {
      await importArchive({ dataSource: target.db.dataSource, storage, file: archive });
      const edited = Buffer.from('the bytes the running site has now');
      await storage.put(imageUri, Readable.from([edited]), { contentType: 'image/png', size: edited.length });
      const content = manifest.tables.find((table) => table.name === 'content')!;
      const broken = await altered((dir, m) => {
        const line = '{"id": "not a number"}\n';
        fs.appendFileSync(path.join(dir, content.file), line);
        return {
          ...m,
          tables: m.tables.map((table) => (table.name === 'content' ? { ...table, rows: table.rows + 1, bytes: table.bytes! + line.length } : table)),
        };
      });
      await expect(importArchive({ dataSource: target.db.dataSource, storage, file: broken, force: true })).rejects.toThrow(
        /Could not restore the rows .* of content/,
      );
      expect(await bytesOf(storage, imageUri)).toEqual(edited);
      expect(await target.db.dataSource.query(`SELECT "id" FROM "content"`)).toHaveLength(1);
    } finally {
      await target.drop();
    }
  });

  it('archive mode 0600: the archive is readable by its owner only, and a planted partial file is not written through', async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const dir = tmpDir('cms-partial-');
    const victim = path.join(dir, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    const file = path.join(dir, 'site.tar.gz');
    fs.symlinkSync(victim, `${file}.partial`);
    await expect(exportArchive({ dataSource: t.dataSource, storage: new LocalStorageDriver((t.config.storage as { dir: string }).dir), file })).rejects.toThrow(
      /already exists/,
    );
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(fs.existsSync(file)).toBe(false);
  });
});
