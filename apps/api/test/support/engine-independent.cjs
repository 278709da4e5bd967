// API test files whose outcome does not depend on the database engine. `npm test` runs every
// file on the embedded database; `npm test -- --database-only` (CI's second pass, on a PostgreSQL
// server) runs again only the files under test/ that are not listed here (the unit files under
// src/ open no database at all), since running these again there proves nothing new.
//
// What the server changes is below the HTTP layer: connections that really run side by side
// (locks, SKIP LOCKED, isolation, deadlocks, the pool and its timeouts), notifications between
// connections and instances, the driver's errors, and PostgreSQL 15's SQL where PGlite runs 17's.
// A file stays off this list when its subject is one of those, or a query only SQL decides (lists,
// filters, sorting, search, the read model, bulk writes, trees, drafts, versions, schedules,
// backups, migrations, counts and limits kept in tables). A file joins it when its subject is a
// layer above (guards and rights, request parsing, tokens and sessions, headers, caches, storage,
// documents, mail, sanitising) and what it stores is read and written by key, the same statements
// the files kept in the second pass run.
module.exports = [
  // Every route against every right: the guard answers before any query that could differ.
  'test/route-matrix.spec.ts',
  'test/route-rights.spec.ts',
  'test/security/guard-path-normalisation.spec.ts',
  // Which address a request comes from (TRUST_PROXY): sign-in-limits.spec checks the table on both.
  'test/security/spoofed-client-address.spec.ts',
  'test/security/metrics-spoofed-loopback.spec.ts',
  // Request ids in answers and log lines.
  'test/security/request-id-log-injection.spec.ts',
  // The API's in-memory page cache.
  'test/security/page-cache-flooding.spec.ts',
  // The OpenAPI document and the client generated from it.
  'test/api-client.spec.ts',
  // Query keys, multipart bodies and uploaded files refused before any query.
  'test/security/unknown-query-keys.spec.ts',
  'test/security/malformed-multipart.spec.ts',
  'test/media-upload-bad-input.spec.ts',
  'test/security/active-content-uploads.spec.ts',
  // The configuration's variables against .env.example; the back office's pre-compressed files.
  'test/env-example.spec.ts',
  'test/admin-assets.spec.ts',
  // Answer headers.
  'test/security/framing.spec.ts',
  'test/security/host-header.spec.ts',
  'test/security/cached-session-answers.spec.ts',
  // Mail templates rendered from values.
  'test/security/mail-template-injection.spec.ts',
  // The embedded database's own credentials: it starts one whatever DATABASE_URL says.
  'test/security/embedded-database-credentials.spec.ts',
  // Rights, roles, users and accounts: the guards decide; the rows are read and written by key.
  'test/auth.spec.ts',
  'test/roles.spec.ts',
  'test/users.spec.ts',
  'test/user-language.spec.ts',
  'test/choices.spec.ts',
  'test/settings.spec.ts',
  'test/security/privilege-ceilings.spec.ts',
  'test/security/update-without-view.spec.ts',
  'test/security/mass-assignment.spec.ts',
  'test/security/members-only-media.spec.ts',
  // Tokens, sessions, second factors, invitations and resets: signed values and rows found by key.
  'test/security/forged-session-tokens.spec.ts',
  'test/security/sessions-after-sign-out-or-removal.spec.ts',
  'test/security/session-revocation.spec.ts',
  'test/security/two-factor.spec.ts',
  'test/security/invitations.spec.ts',
  'test/security/password-reset.spec.ts',
  // Bodies refused before any query, answers as they were read, ETags, the page cache, the OpenAPI document.
  'test/bad-input.spec.ts',
  'test/takes-back.spec.ts',
  'test/entity-tags.spec.ts',
  'test/page-cache.spec.ts',
  'test/openapi-contract.spec.ts',
  // Sections' and the demo's documents, stored whole; links and webhook addresses checked in code.
  'test/sections.spec.ts',
  'test/demo-site.spec.ts',
  'test/security/off-site-links.spec.ts',
  'test/security/webhook-server-side-request-forgery.spec.ts',
  // Files: the storage drivers, S3, packs of media, archives refused before a restore reads them.
  'test/storage-drivers.spec.ts',
  'test/uploads-s3.spec.ts',
  'test/media-packs.spec.ts',
  'test/security/hostile-backup-archives.spec.ts',
];
