// Browser tests against the built server: globalSetup starts `node dist/apps/api/main.js` once
// (with a throwaway data folder, or a throwaway database when DATABASE_URL is set) and every
// test file reaches it through E2E_BASE_URL.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
  // Balances the files between the shards that tools/e2e.mjs runs side by side.
  testSequencer: '<rootDir>/src/support/sequencer.cjs',
  testTimeout: 60_000,
};
