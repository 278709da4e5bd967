// Starts the built server (dist/apps/api/main.js) for a benchmark and stops it afterwards.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** CPU time (utime + stime) of a process so far, in ms; null when it cannot be read (another machine). */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** `env` may be a function of the port (for PUBLIC_URL, say). */
export async function startServer(env = {}, nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)) {
  const port = await freePort();
  if (typeof env === 'function') env = env(port);
  const dataDir = mkdtempSync(join(tmpdir(), 'cms-bench-'));
  const password = 'bench-password-123';
  const started = Date.now();
  // BENCH_API_MAIN runs another build (an earlier commit's, in a worktree) to compare with.
  const child = spawn(process.execPath, [...nodeArgs, process.env.BENCH_API_MAIN ?? join(root, 'dist/apps/api/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CMS_ADMIN_EMAIL: 'bench@example.com',
      CMS_ADMIN_PASSWORD: password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = Date.now() - started;
  return {
    baseUrl,
    pid: child.pid,
    readyMs,
    email: 'bench@example.com',
    password,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
