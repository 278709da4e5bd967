// `npm run cms -- <command>`: the command-line tool (migrate, create-admin, ...). Builds the API
// first when it is missing, then runs its CLI against the same database `npm start` uses.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Settings from .env when present (see .env.example); the environment wins over the file.
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));
const cli = join(root, 'dist/apps/api/cli.js');
if (!existsSync(cli) || process.env.CMS_REBUILD === '1') {
  const build = spawnSync(join(root, 'node_modules/.bin/nx'), ['run', 'api:build', '--output-style=static'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
