const fs = require('node:fs');
const path = require('node:path');

// CI's second pass (`npm test -- --database-only`, on the PostgreSQL server) runs the files whose
// outcome depends on the database engine: test/support/engine-independent.cjs lists the others.
const engineIndependent = require('./test/support/engine-independent.cjs');
for (const file of engineIndependent) {
  if (!fs.existsSync(path.join(__dirname, file))) throw new Error(`test/support/engine-independent.cjs lists ${file}, which does not exist`);
}
const escape = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.CMS_ENGINE_TESTS_ONLY === '1' ? engineIndependent.map((file) => `<rootDir>/${escape(file)}$`) : []),
  ],
  // Names the run for the migrated template database its files copy on a server (test/support/database-snapshots.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // Each API test file starts its own database; two workers keep the two cores busy.
  maxWorkers: 2,
  testTimeout: 60_000,
  // file-type and its dependencies, and @fastify/static's content-disposition, ship ES modules only: SWC turns them into CommonJS for Jest
  // (Node itself require()s them from the compiled API).
  transformIgnorePatterns: ['/node_modules/(?!(file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit|@fastify/static|content-disposition)/)'],
};
