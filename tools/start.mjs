// `npm start` (through tools/start.sh): builds what is missing or changed (Nx answers from its cache
// when nothing changed), then runs, in this same process, the server of the API, the back office and
// the public site on PORT.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Settings from .env when present (see .env.example); the environment wins over the file.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

if (process.env.SKIP_BUILD !== '1') {
  console.log('Building the API, the back office and the site (cached after the first time)...');
  const build = spawnSync(join(root, 'node_modules/.bin/nx'), ['run-many', '-t', 'build', '-p', 'api', 'admin', 'site', '--output-style=static'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('The build failed: see above.');
    process.exit(build.status ?? 1);
  }
}

// The server runs in this process: a launcher that spawned it would stay resident beside it (43 MB
// of RSS, 8 of its own). What must be set before node starts (two malloc arenas, V8's young
// generation capped) `npm start` sets through tools/start.sh; `node tools/start.mjs` runs without.
const main = join(root, 'dist/apps/api/main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run \`npm start\` without SKIP_BUILD=1, or \`npm run build\`, first.`);
  process.exit(1);
}
createRequire(import.meta.url)(main);
