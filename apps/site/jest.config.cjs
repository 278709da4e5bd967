const fs = require('node:fs');
const path = require('node:path');

/** The site's test files that read DATABASE_URL: the only ones a database server changes. */
function filesThatReadTheDatabaseUrl(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesThatReadTheDatabaseUrl(file);
    return /\.spec\.tsx?$/.test(entry.name) && fs.readFileSync(file, 'utf8').includes('DATABASE_URL') ? [file] : [];
  });
}

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'site',
  rootDir: __dirname,
  // CI's second pass (`npm test -- --database-only`, on the PostgreSQL server) runs only the files
  // that read DATABASE_URL: every other site test runs the same whatever the database.
  ...(process.env.CMS_ENGINE_TESTS_ONLY === '1'
    ? { testMatch: filesThatReadTheDatabaseUrl(path.join(__dirname, 'src')) }
    : { testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'] }),
};
