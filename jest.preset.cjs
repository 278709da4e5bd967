// Shared Jest settings: SWC transpiles TypeScript (with the decorator metadata NestJS needs) and
// the workspace libraries resolve to their sources, so tests never wait for a library build.
const path = require('node:path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@cms/contracts$': path.join(__dirname, 'libs/contracts/src/index.ts'),
    '^@cms/rights$': path.join(__dirname, 'libs/rights/src/index.ts'),
    '^@cms/cache$': path.join(__dirname, 'libs/cache/src/index.ts'),
    '^@cms/api-client$': path.join(__dirname, 'libs/api-client/src/index.ts'),
  },
};
