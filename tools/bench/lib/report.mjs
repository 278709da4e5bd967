// Figures for `npm run bench` (tools/bench/run.mjs): each benchmark prints its own lines and, when
// BENCH_RESULTS names a file, also appends one JSON line per figure there for the summary table.
import { appendFileSync } from 'node:fs';

/** `id` is the figure's stable name (the runner's targets are keyed by it). */
export function report(id, value, unit, label = id) {
  if (!process.env.BENCH_RESULTS || value === undefined || Number.isNaN(value)) return;
  appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify({ id, label, value, unit })}\n`);
}

/** Resident memory of a process now (VmRSS), in MB. */
export async function rssMb(pid) {
  const { readFileSync } = await import('node:fs');
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
}
