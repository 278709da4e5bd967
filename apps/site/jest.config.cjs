module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'site',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
};
