import { FormFieldType, RightType } from '@cms/contracts';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buffer } from 'node:stream/consumers';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { exportArchive } from '../src/backup/backup-export';
import { importArchive } from '../src/backup/backup-import';
import { applicationTables, dropApplicationObjects, SKIPPED_TABLES } from '../src/backup/catalog';
import { ARCHIVE_ENTRIES, type Manifest } from '../src/backup/manifest';
import { LATEST_MIGRATION, migrateInTransaction } from '../src/database/migration-runner';
import { MIGRATIONS } from '../src/database/migrations';
import { LocalStorageDriver } from '../src/storage/local-storage.driver';
import { isStored, type StorageDriver } from '../src/storage/storage-driver';
import { contentModel } from './support/content-model';
import { solidImage, upload } from './support/media-fixtures';
import { startS3Server, type TestS3Server } from './support/s3-server';
import { createTestApp, type TestApp } from './support/test-app';
import { emptyDatabase } from './support/test-database';

/** Every row of every table, in primary-key order, as PostgreSQL prints it (so types compare exactly). */
async function dump(dataSource: DataSource, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    // content_count is rebuilt by triggers: a count that fell to 0 may stay as a row or not be there.
    const where = table === 'content_count' ? ' WHERE t."count" <> 0' : '';
    const rows: { row: string }[] = await dataSource.query(`SELECT to_jsonb(t)::text AS "row" FROM "${table}" t${where}`);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function publicTables(dataSource: DataSource): Promise<string[]> {
  const rows: { name: string }[] = await dataSource.query(`SELECT tablename::text AS "name" FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
  return rows.map((r) => r.name);
}

async function bytesOf(storage: StorageDriver, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  return stored ? buffer(stored.body) : null;
}

const tmpFile = (name: string) => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-backup-test-')), name);

describe('backup: export and import', () => {
  let t: TestApp;
  let s3: TestS3Server;
  let archive: string;
  let manifest: Manifest;
  let storage: StorageDriver;

  /** A site with a row in every table the backup covers, made through the API where it can be. */
  async function buildSite() {
    const cm = contentModel(t);
    const editor = await t.userWithRights([RightType.VIEW_CONTAINER]);
    const image = await upload(t, t.ownerToken, await solidImage('png', 64, 48), 'red.png', { name: 'Red square' });
    expect(image.status).toBe(201);
    const pdf = await upload(t, t.ownerToken, Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'doc.pdf', {
      name: 'Doc',
    });
    expect(pdf.status).toBe(201);
    // A variant, which the archive leaves out and the restored site makes again.
    expect((await t.http.get(`/api/uploads/${image.body.uri}?w=32&format=webp`)).status).toBe(200);
    const pack = await t.http
      .post('/api/media-packs')
      .set('token', t.ownerToken)
      .send({ name: 'Pack', mediaIds: [image.body.id] });
    expect(pack.status).toBe(201);
    const shop = await cm.container({
      slug: 'shop',
      published: true,
      fields: [
        { label: 'Name', name: 'name', type: 'STRING' },
        { label: 'Price', name: 'price', type: 'NUMBER' },
        { label: 'Tags', name: 'tags', type: 'STRING', multiple: true },
        { label: 'Picture', name: 'picture', type: 'IMAGE' },
      ],
      metadata: [{ name: 'description', content: 'The shop' }],
      accesses: [{ roleId: editor.roleId }],
      sections: [{ block: 'richtext', content: { html: '<p>Shop</p>' } }],
    });
    const chair = await cm.content({
      containerId: shop.id,
      slug: 'chair',
      published: true,
      fields: { name: 'Chair', price: 12.5, tags: ['wood', 'oak'], picture: image.body.id },
      metadata: [{ name: 'description', content: 'A chair' }],
      sections: [{ block: 'richtext', content: { html: '<p>Sit</p>' } }],
    });
    await cm.as().put(`/api/contents/${chair.id}?locale=fr`, { fields: { name: 'Chaise' } });
    // A container with drafts: a content with a draft waiting and a publish time (both carried by the backup).
    const news = await cm.container({ slug: 'news', published: true, drafts: true, fields: [{ label: 'Body', name: 'body', type: 'STRING' }] });
    const post = await cm.content({ containerId: news.id, slug: 'post', published: true, fields: { body: 'live' } });
    const drafted = await cm.as().put(`/api/contents/${post.id}`, { fields: { body: 'draft' }, publishAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(drafted.body).toMatchObject({ hasDraft: true });
    // And a draft of the container's own page (container_draft).
    const pageDraft = await cm.as().put(`/api/containers/${news.id}?locale=fr`, { sections: [{ block: 'richtext', content: { html: '<p>Brouillon</p>' } }] });
    expect(pageDraft.body).toMatchObject({ hasDraft: true });
    const form = await t.http
      .post('/api/forms')
      .set('token', t.ownerToken)
      .send({ title: 'Contact', sendMail: true, sendTo: 'team@example.com', fields: [{ name: 'name', type: FormFieldType.TEXT, label: 'Name' }] });
    expect(form.status).toBe(201);
    expect((await t.http.post(`/api/forms/${form.body.id}/messages`).send({ values: { name: 'Ann' } })).status).toBe(201);
    const element = await cm.as().post('/api/elements', { title: 'Signup', block: 'form', formId: form.body.id, content: { title: 'Sign up' } });
    expect(element.status).toBe(201);
    expect((await cm.as().post('/api/layout?locale=en', { sections: [{ type: 'FOOTER', block: 'element', elementId: element.body.id }] })).status).toBeLessThan(
      300,
    );
    expect((await cm.as().post('/api/configurators', { data: { steps: [{ title: 'Size', choices: ['S', 'M'] }] } })).status).toBe(201);
    expect((await cm.as().put('/api/settings/by-name/optionLists', { value: { countries: ['France', 'Italy'] } })).status).toBe(200);
    // An API token (its secret's digest goes with the backup, as passwords' hashes do).
    expect((await t.http.post('/api/tokens').set('token', t.ownerToken).send({ name: 'Build', roleId: editor.roleId })).status).toBe(201);
    // A redirect staff made (renames record theirs the same way).
    await t.dataSource.query(`INSERT INTO "redirect" ("from", "to", "status", "hits") VALUES ('/old-shop', '/shop', 302, 3)`);
    // A deleted row: the restored sequences must not hand its id out again.
    const doomed = await cm.content({ containerId: shop.id, title: 'Doomed', fields: { name: 'x' } });
    expect((await cm.as().delete(`/api/contents/${doomed.id}`)).status).toBe(200);
    // A webhook, made last so that no write queues a delivery (the delivery log is left out of backups).
    const hook = await cm.as().post('/api/webhooks', { url: 'https://hooks.example.com/cms', events: ['content.created'], secret: 'whsec_0123456789abcdef' });
    expect(hook.status).toBe(201);
    return { image: image.body as { id: number; uri: string }, lastContentId: doomed.id as number };
  }

  let site: Awaited<ReturnType<typeof buildSite>>;

  beforeAll(async () => {
    s3 = await startS3Server('cms-restore');
    t = await createTestApp({ FORM_SUBMISSIONS_PER_MINUTE: '1000' });
    site = await buildSite();
    storage = new LocalStorageDriver((t.config.storage as { dir: string }).dir);
    archive = tmpFile('site.tar.gz');
    const steps: string[] = [];
    manifest = await exportArchive({ dataSource: t.dataSource, storage, file: archive, progress: ({ step }) => steps.push(step) });
    expect(steps).toContain('uploads');
    // A whole site through the API, then an export: more than a hook's usual minute on a busy machine.
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('writes a manifest with the schema version, the app version and the counts', async () => {
    expect(manifest.schemaVersion).toBe(LATEST_MIGRATION);
    expect(manifest.appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(manifest.uploads).toMatchObject({ count: 2, missing: [] });
    const names = manifest.tables.map((table) => table.name);
    for (const skipped of Object.keys(SKIPPED_TABLES)) expect(names).not.toContain(skipped);
    // Foreign-key order: a table comes after the ones it references.
    expect(names.indexOf('container')).toBeLessThan(names.indexOf('content'));
    expect(names.indexOf('content')).toBeLessThan(names.indexOf('content_field'));
    expect(names.indexOf('user')).toBeLessThan(names.indexOf('login'));
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain(`uploads/${site.image.uri}`);
    expect(entries.some((entry) => entry.startsWith('uploads/variants/'))).toBe(false);
  });

  it('round-trips every row of every table and every file, byte for byte, from local storage into S3', async () => {
    const target = await emptyDatabase();
    const s3Storage = s3.driver();
    try {
      const result = await importArchive({ dataSource: target.db.dataSource, storage: s3Storage, file: archive });
      expect(result.migrated).toEqual([]);
      const tables = (await publicTables(t.dataSource)).filter(
        (name) => !['session', 'cache_version', 'sign_in_limit', 'form_submission_limit'].includes(name),
      );
      expect(await publicTables(target.db.dataSource)).toEqual(await publicTables(t.dataSource));
      const before = await dump(t.dataSource, tables);
      // Every table the backup covers holds rows, so the comparison covers every entity.
      for (const table of manifest.tables) expect([table.name, before[table.name].length]).not.toEqual([table.name, 0]);
      expect(await dump(target.db.dataSource, tables)).toEqual(before);
      const [{ hash }] = await target.db.dataSource.query(`SELECT "password" AS "hash" FROM "login" ORDER BY id LIMIT 1`);
      expect(hash).toMatch(/^\$argon2id\$/);
      expect((await target.db.dataSource.query(`SELECT count(*)::int AS n FROM "session"`))[0].n).toBe(0);
      // Sequences continue past the deleted row's id.
      const [{ next }] = await target.db.dataSource.query(`SELECT nextval(pg_get_serial_sequence('content', 'id'))::int AS "next"`);
      expect(next).toBe(site.lastContentId + 1);
      const uris: { uri: string }[] = await t.dataSource.query(`SELECT "uri" FROM "media"`);
      expect(uris).toHaveLength(2);
      for (const { uri } of uris) expect(await bytesOf(s3Storage, uri)).toEqual(await bytesOf(storage, uri));
    } finally {
      s3Storage.onModuleDestroy();
      await target.drop();
    }
  });

  it('refuses a non-empty database or storage without --force, and replaces them with it', async () => {
    const target = await emptyDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-restore-files-'));
    const local = new LocalStorageDriver(dir);
    try {
      await importArchive({ dataSource: target.db.dataSource, storage: local, file: archive });
      const rowsBefore = await dump(target.db.dataSource, ['content', 'login']);
      await expect(importArchive({ dataSource: target.db.dataSource, storage: local, file: archive })).rejects.toThrow(/already holds data.*--force/);
      const fresh = new LocalStorageDriver(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-restore-other-')));
      const otherDb = await emptyDatabase();
      try {
        await expect(importArchive({ dataSource: otherDb.db.dataSource, storage: local, file: archive })).rejects.toThrow(/already holds .*--force/);
        // Nothing was written: the database is still without tables.
        expect(await publicTables(otherDb.db.dataSource)).toEqual([]);
        await importArchive({ dataSource: otherDb.db.dataSource, storage: fresh, file: archive });
      } finally {
        await otherDb.drop();
      }
      // A stray row in the target, gone after --force; the rows come back as archived.
      await target.db.dataSource.query(`INSERT INTO "media_pack" ("name") VALUES ('Stray')`);
      await importArchive({ dataSource: target.db.dataSource, storage: local, file: archive, force: true });
      expect(await dump(target.db.dataSource, ['content', 'login'])).toEqual(rowsBefore);
      expect((await target.db.dataSource.query(`SELECT count(*)::int AS n FROM "media_pack" WHERE "name" = 'Stray'`))[0].n).toBe(0);
    } finally {
      await target.drop();
    }
  });

  it('refuses bad input with a clear message and leaves the target untouched', async () => {
    const target = await emptyDatabase();
    const local = new LocalStorageDriver(fs.mkdtempSync(path.join(os.tmpdir(), 'cms-restore-bad-')));
    const attempt = (file: string) => importArchive({ dataSource: target.db.dataSource, storage: local, file });
    try {
      await expect(attempt('/nonexistent/backup.tar.gz')).rejects.toThrow('No such file: /nonexistent/backup.tar.gz');
      const text = tmpFile('notes.txt');
      fs.writeFileSync(text, 'not an archive at all\n'.repeat(100));
      await expect(attempt(text)).rejects.toThrow(/is not a CMS backup archive/);
      const truncated = tmpFile('truncated.tar.gz');
      fs.writeFileSync(truncated, fs.readFileSync(archive).subarray(0, Math.floor(fs.statSync(archive).size / 2)));
      await expect(attempt(truncated)).rejects.toThrow(/is not a CMS backup archive|incomplete|damaged/);

      // An archive from a newer CMS: its schema version is a migration this build does not have.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-newer-'));
      await tar.x({ file: archive, cwd: dir });
      const newer = { ...manifest, schemaVersion: 'SomethingFromTheFuture9999999999999' };
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(newer));
      const newerFile = tmpFile('newer.tar.gz');
      await tar.c({ gzip: true, file: newerFile, cwd: dir }, ARCHIVE_ENTRIES);
      await expect(attempt(newerFile)).rejects.toThrow(/comes from a newer version of the CMS .*update the CMS first/);

      // Rows that do not fit their table: the transaction rolls back, the files put are removed.
      const badRows = { ...manifest };
      const table = manifest.tables.find((entry) => entry.name === 'content')!;
      const badRow = '{"id": "not a number"}\n';
      fs.appendFileSync(path.join(dir, table.file), badRow);
      const grown = { ...table, rows: table.rows + 1, bytes: table.bytes! + badRow.length };
      fs.writeFileSync(
        path.join(dir, 'manifest.json'),
        JSON.stringify({ ...badRows, tables: manifest.tables.map((entry) => (entry === table ? grown : entry)) }),
      );
      const badFile = tmpFile('bad.tar.gz');
      await tar.c({ gzip: true, file: badFile, cwd: dir }, ARCHIVE_ENTRIES);
      await expect(attempt(badFile)).rejects.toThrow(/Could not restore the rows .* of content/);
      expect(await publicTables(target.db.dataSource)).toEqual([]);
      expect(await isStored(local, site.image.uri)).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it('knows every table, function and type its migrations create: dropping them leaves a migrated schema empty', async () => {
    const target = await emptyDatabase();
    try {
      const runner = target.db.dataSource.createQueryRunner();
      await runner.startTransaction();
      await migrateInTransaction(target.db.dataSource, runner);
      for (const skipped of Object.keys(SKIPPED_TABLES)) expect(applicationTables(target.db.dataSource)).toContain(skipped);
      await dropApplicationObjects(runner, target.db.dataSource);
      await runner.commitTransaction();
      await runner.release();
      // A migration that creates something --force would leave behind: list it in catalog.ts.
      const left = await target.db.dataSource.query(
        `SELECT 'relation ' || c.relname AS "name" FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
         UNION ALL SELECT 'function ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
         UNION ALL SELECT 'type ' || t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public'`,
      );
      expect(left).toEqual([]);
    } finally {
      await target.drop();
    }
  });

  it('restores an archive made by an older schema version, then runs the newer migrations', async () => {
    // The database of an older release: the migrations before the last two, and a site in it.
    const older = MIGRATIONS[MIGRATIONS.length - 3].name;
    const source = await emptyDatabase();
    const target = await emptyDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-older-'));
    try {
      const runner = source.db.dataSource.createQueryRunner();
      await runner.startTransaction();
      await migrateInTransaction(source.db.dataSource, runner, older);
      await runner.commitTransaction();
      await runner.release();
      const q = (sql: string, params: unknown[] = []) => source.db.dataSource.query(sql, params);
      await q(`INSERT INTO "user" ("name") VALUES ('Old owner')`);
      await q(
        `INSERT INTO "login" ("userId", "roleId", "email", "password") VALUES (1, 'super-admin', 'old@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo')`,
      );
      await q(`INSERT INTO "container" ("title") VALUES ('Blog')`);
      await q(`INSERT INTO "content" ("title", "containerId") VALUES ('Hello', 1), ('World', 1)`);
      await q(`INSERT INTO "content_field" ("name", "type", "contentId", "lang", "textValue", "position") VALUES ('body', 'STRING', 1, 'en', 'Hi', 0)`);
      const file = path.join(dir, 'older.tar.gz');
      const old = await exportArchive({ dataSource: source.db.dataSource, storage: new LocalStorageDriver(path.join(dir, 'files')), file });
      expect(old.schemaVersion).toBe(older);

      const result = await importArchive({ dataSource: target.db.dataSource, storage: new LocalStorageDriver(path.join(dir, 'restored')), file });
      expect(result.migrated).toEqual(MIGRATIONS.slice(-2).map((m) => m.name));
      const ds = target.db.dataSource;
      expect((await ds.query(`SELECT "name" FROM "migrations" ORDER BY "timestamp" DESC LIMIT 1`))[0].name).toBe(LATEST_MIGRATION);
      expect(await ds.query(`SELECT "title" FROM "content" ORDER BY id`)).toEqual([{ title: 'Hello' }, { title: 'World' }]);
      expect(await ds.query(`SELECT "email" FROM "login"`)).toEqual([{ email: 'old@example.com' }]);
      // The newer migrations built their read models from the restored rows.
      expect(await ds.query(`SELECT "contentId", "lang"::text, "fields" FROM "content_document"`)).toEqual([
        { contentId: 1, lang: 'en', fields: { body: 'Hi' } },
      ]);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  it('restores an archive of a release that named ContentDocumentWrittenOnce 1795800000000, then runs the newer migrations', async () => {
    // That release's database and archive: its last migration recorded under the old name.
    const renamed = 'ContentDocumentWrittenOnce1795700000001';
    const source = await emptyDatabase();
    const target = await emptyDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-renamed-'));
    try {
      const runner = source.db.dataSource.createQueryRunner();
      await runner.startTransaction();
      await migrateInTransaction(source.db.dataSource, runner, renamed);
      await runner.commitTransaction();
      await runner.release();
      const q = (sql: string, params: unknown[] = []) => source.db.dataSource.query(sql, params);
      await q(`UPDATE "migrations" SET "name" = 'ContentDocumentWrittenOnce1795800000000', "timestamp" = 1795800000000 WHERE "name" = $1`, [renamed]);
      await q(`INSERT INTO "container" ("title") VALUES ('Blog')`);
      await q(`INSERT INTO "content" ("title", "containerId") VALUES ('Hello', 1)`);
      await q(`INSERT INTO "content_field" ("name", "type", "contentId", "lang", "textValue", "position") VALUES ('body', 'STRING', 1, 'en', 'Hi', 0)`);
      const file = path.join(dir, 'renamed.tar.gz');
      const old = await exportArchive({ dataSource: source.db.dataSource, storage: new LocalStorageDriver(path.join(dir, 'files')), file });
      expect(old.schemaVersion).toBe('ContentDocumentWrittenOnce1795800000000');

      const result = await importArchive({ dataSource: target.db.dataSource, storage: new LocalStorageDriver(path.join(dir, 'restored')), file });
      const after = MIGRATIONS.slice(MIGRATIONS.findIndex((migration) => migration.name === renamed) + 1).map((migration) => migration.name);
      expect(result.migrated).toEqual(after);
      const ds = target.db.dataSource;
      expect((await ds.query(`SELECT "name" FROM "migrations" ORDER BY "id"`)).map((row: { name: string }) => row.name)).toEqual(
        MIGRATIONS.map((migration) => migration.name),
      );
      expect(await ds.query(`SELECT "contentId", "lang"::text, "fields" FROM "content_document"`)).toEqual([
        { contentId: 1, lang: 'en', fields: { body: 'Hi' } },
      ]);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
