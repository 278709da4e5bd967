// API test files whose outcome does not depend on the database engine: their subject is a layer
// above it (guards, routing, request parsing, headers, an in-memory cache, the OpenAPI document) or
// the embedded database itself, and what they store is plain CRUD that the other files check on
// both engines. `npm test` runs them; `npm test -- --database-only` (CI's second pass, on the
// PostgreSQL server) leaves them out, since running them again there proves nothing new.
// A file that reads or writes something only SQL decides (a query, a trigger, a lock, a
// transaction's isolation, an error the driver raises) does not belong here.
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
];
