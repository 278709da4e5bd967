module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'rights',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
