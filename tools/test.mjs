// `npm test`: lint, type checks, unit and API tests of every project, then the browser tests.
// `npm test -- --database-only`: only the suites that talk to the database (API and site), for a
// second run against another database (CI's PostgreSQL server): lint, type checks, the browser
// tests and the API files listed in apps/api/test/support/engine-independent.cjs do not depend on
// which database the tests use, so they run once.
// Each Jest run writes its results to tmp/test-results (tmp/test-results-database for the second
// pass, so that CI can run both at once); the last line sums them up.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const unknown = process.argv.slice(2).filter((arg) => arg !== '--database-only');
if (unknown.length) {
  console.error(`Unknown argument ${unknown.join(' ')}: npm test [-- --database-only]`);
  process.exit(2);
}
const databaseOnly = process.argv.includes('--database-only');
const results = join(root, databaseOnly ? 'tmp/test-results-database' : 'tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };
const nx = (...args) => spawnSync(join(root, 'node_modules/.bin/nx'), [...args, '--output-style=stream'], { cwd: root, env, stdio: 'inherit' }).status;
// The second pass calls Jest itself rather than Nx: it needs no build (Jest reads the libraries'
// sources) and may run while the first pass's Nx is still at work in the same folder.
const jest = (project, ...nodeFlags) =>
  spawnSync(
    process.execPath,
    [
      ...nodeFlags,
      join(root, 'node_modules/jest/bin/jest.js'),
      '-c',
      `apps/${project}/jest.config.cjs`,
      '--json',
      `--outputFile=${join(results, `${project}.json`)}`,
    ],
    { cwd: root, env, stdio: 'inherit' },
  ).status;

// The second pass leaves out the API files whose outcome no database engine changes (apps/api/test/support/engine-independent.cjs).
if (databaseOnly) env.CMS_ENGINE_TESTS_ONLY = '1';
const steps = databaseOnly
  ? [
      ['API tests', () => jest('api', '--experimental-vm-modules', '--no-warnings=ExperimentalWarning')],
      ['site tests', () => jest('site')],
    ]
  : [
      ['package imports', () => spawnSync(process.execPath, [join(root, 'tools/check-packages.mjs')], { cwd: root, stdio: 'inherit' }).status],
      // Prettier reads every file on one core: run before Nx's targets, it left the other core idle
      // for its 31 s. It now runs beside them, and the browser tests wait for both.
      [
        'format (prettier --check; npm run format fixes it), lint, type checks and tests',
        () => {
          const format = new Promise((resolve) =>
            spawn(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'], {
              cwd: root,
              stdio: 'inherit',
            })
              .on('error', () => resolve(1))
              .on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
          );
          const targets = nx('run-many', '-t', 'lint', 'typecheck', 'test', '--exclude', 'e2e');
          return format.then((formatStatus) => {
            if (formatStatus !== 0) console.log('prettier --check failed: npm run format fixes it');
            return formatStatus || targets;
          });
        },
      ],
      ['browser tests', () => nx('run', 'e2e:e2e')],
    ];
let failedStep;
for (const [name, run] of steps) {
  console.log(`\n=== ${name} ===`);
  if ((await run()) !== 0) {
    failedStep = failedStep ? `${failedStep}, ${name}` : name;
    // The second pass's two suites are independent: both report. The first pass stops at the first failed step.
    if (!databaseOnly) break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(results)) {
  for (const file of readdirSync(results).filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(join(results, file), 'utf8'));
    // Jest's reports only: a test's own figures written here would make the sums NaN.
    if (typeof report.numPassedTests !== 'number') continue;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests;
  }
}
console.log(`\nnpm test took ${Math.round((Date.now() - started) / 1000)} s${failedStep ? `; failed at: ${failedStep}` : ''}`);
if (failedStep && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStep ? 1 : 0);
