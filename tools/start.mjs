// `npm start`: builds what is missing or changed (Nx answers from its cache when nothing changed),
// then runs the one process that serves the API, the back office and the public site on PORT.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

// glibc gives each thread that allocates its own arena of up to 64 MB, and keeps what was freed in
// it: image processing (sharp, on libuv's threads) and WebAssembly compilation left some 80 MB
// there that the server never used again. Two arenas hold the same work (tools/bench/memory.mjs;
// docs/perf.md). Set before the server starts, which is why this launcher spawns it rather than
// running it in its own process; it stays beside it (8 MB of its own, 43 MB resident counting
// node's code it shares with the server). `node dist/apps/api/main.js` runs without it.
const serverEnv = { ...process.env };
if (process.platform === 'linux' && serverEnv.MALLOC_ARENA_MAX === undefined && serverEnv.GLIBC_TUNABLES === undefined) serverEnv.MALLOC_ARENA_MAX = '2';
// V8's young generation capped at 4 MB a half-space (16 by default): 20 MB less resident, start-up
// no slower (docs/perf.md). NODE_OPTIONS can set another.
const nodeArgs = /semi-space/.test(serverEnv.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=4'];
const server = spawn(process.execPath, [...nodeArgs, join(root, 'dist/apps/api/main.js')], { cwd: root, env: serverEnv, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
