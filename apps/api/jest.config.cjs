const fs = require('node:fs');
const path = require('node:path');

// CI's second pass (`npm test -- --database-only`, on the PostgreSQL server) runs the files under
// test/ whose outcome depends on the database engine: test/support/engine-independent.cjs lists the
// others, and the unit files under src/ open no database.
const engineIndependent = require('./test/support/engine-independent.cjs');
for (const file of engineIndependent) {
  if (!fs.existsSync(path.join(__dirname, file))) throw new Error(`test/support/engine-independent.cjs lists ${file}, which does not exist`);
}
const engineTestsOnly = process.env.CMS_ENGINE_TESTS_ONLY === '1';
const escape = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: engineTestsOnly ? ['<rootDir>/test/**/*.spec.ts'] : ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(engineTestsOnly ? engineIndependent.map((file) => `<rootDir>/${escape(file)}$`) : [])],
  // Names the run for the migrated template database its files copy on a server (test/support/database-snapshots.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Each API test file starts its own database; two workers keep the two cores busy.
  maxWorkers: 2,
  // A worker whose heap holds more than 150 MB after a file is replaced by a fresh one. A worker
  // keeps some of each file it ran alive (20-40 MB of heap a file: module registries reached from
  // globals), so one that had run 50 files collected garbage over gigabytes: 30 of the files took
  // 350 s of CPU with a limit of 800 MB, 283 s with 300 MB, 245 s with 150 MB, 288 s with a new
  // worker for every file (docs/perf.md, "Test time"). With a limit, Jest never runs in band.
  workerIdleMemoryLimit: '150MB',
  testTimeout: 60_000,
  // file-type and its dependencies, and @fastify/static's content-disposition, ship ES modules only: SWC turns them into CommonJS for Jest
  // (Node itself require()s them from the compiled API).
  transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|@fastify/static|content-disposition)/)'],
};
