import { readFileSync } from 'node:fs';
const prof = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = prof.timeDeltas; let total = 0;
for (let i = 0; i < prof.samples.length; i++) { const n = byId.get(prof.samples[i]); const d = dt[i] ?? 0; total += d; self.set(n.id, (self.get(n.id) ?? 0) + d); }
const fnSelf = new Map(); const fileSelf = new Map();
const where = (cf) => { const u = cf.url || '(native)'; const m = u.match(/node_modules\/((@[^/]+\/)?[^/]+)/); return m ? m[1] : u.replace(/^.*\/dist\//, 'dist/').replace(/^node:/, 'node:'); };
for (const [id, t] of self) { const cf = byId.get(id).callFrame; const k = `${cf.functionName || '(anon)'} ${where(cf)}:${cf.lineNumber}`; fnSelf.set(k, (fnSelf.get(k) ?? 0) + t); const f = where(cf); fileSelf.set(f, (fileSelf.get(f) ?? 0) + t); }
// inclusive time by function name
const parent = new Map(); for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) { const seen = new Set(); let cur = id; while (cur !== undefined) { const cf = byId.get(cur).callFrame; const k = `${cf.functionName || '(anon)'} ${where(cf)}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); } }
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(100 * v / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log('total ms', (total / 1000).toFixed(0));
console.log('--- self by file\n' + top(fileSelf, 25));
console.log('--- self by function\n' + top(fnSelf, 30));
const want = process.argv[3]; if (want) console.log('--- inclusive matching ' + want + '\n' + top(new Map([...incl].filter(([k]) => new RegExp(want).test(k))), 40));
