// Every package the code imports is declared in package.json, and what the server loads at run
// time is a dependency (a production install, `npm ci --omit=dev`, has nothing else). The back
// office and the site's bundles are built by Vite, so their packages are devDependencies.
// Run by `npm test`; `node tools/check-packages.mjs` alone prints the same.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = new Set(Object.keys(pkg.dependencies));
const declared = new Set([...dependencies, ...Object.keys(pkg.devDependencies)]);
const builtins = new Set(builtinModules);

const sourceFile = /\.(ts|tsx|mts|mjs|cjs|js)$/;
// What the built server loads from node_modules: the API's compiled sources. The site's server
// bundle carries its own React and reaches only `pg` and, through libs/cache, `lru-cache` outside
// it (vite.config.mts `ssr.noExternal`).
const isServerRuntime = (file) =>
  (file.startsWith('apps/api/src/') && !/\.spec\.ts$/.test(file)) ||
  (file.startsWith('libs/cache/src/') && !/\.spec\.ts$/.test(file)) ||
  (file.startsWith('apps/site/src/server/') && !/\.spec\.tsx?$/.test(file) && /(standalone|purge-listener)\.ts$/.test(file));

function* files(dir) {
  for (const name of readdirSync(join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) yield* files(path);
    else if (sourceFile.test(name)) yield path;
  }
}

const specifier =
  /^\s*(?:import|export)\s(?:type\s)?[^'"`;]*?\sfrom\s*['"]([^'"\n]+)['"]|^\s*import\s*['"]([^'"\n]+)['"]|\b(?:import|require)\(\s*['"]([^'"\n]+)['"]\s*\)/gm;
const packageOf = (spec) => {
  if (/^(node:|\.|\/|#)/.test(spec) || spec.includes('${')) return undefined;
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? undefined : name;
};

const problems = [];
for (const top of ['apps', 'libs', 'tools']) {
  for (const file of files(top)) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of text.matchAll(specifier)) {
      const name = packageOf(match[1] ?? match[2] ?? match[3]);
      if (!name) continue;
      if (!declared.has(name)) problems.push(`${file}: imports ${name}, which package.json does not declare`);
      else if (isServerRuntime(file) && !dependencies.has(name) && !/^import\s+type\s/.test(match[0].trim()))
        problems.push(`${file}: the server loads ${name} at run time, but it is a devDependency`);
    }
  }
}

for (const problem of [...new Set(problems)]) console.error(problem);
console.log(
  problems.length ? `${problems.length} package problem(s)` : `package imports: every import declared (${relative(root, join(root, 'package.json'))})`,
);
process.exit(problems.length ? 1 : 0);
