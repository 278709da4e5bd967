module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'api',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
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
