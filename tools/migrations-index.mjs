// Rewrites apps/api/src/database/migrations/index.ts from the migration files in that folder, in
// timestamp order. Run it after adding a hand-written migration (the generator does it itself).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../apps/api/src/database/migrations');
const files = readdirSync(dir)
  .filter((f) => /^\d+-.+\.ts$/.test(f))
  .sort();
const entries = files.map((f) => {
  const match = /export class (\w+)/.exec(readFileSync(join(dir, f), 'utf8'));
  if (!match) throw new Error(`${f} exports no migration class`);
  return { cls: match[1], path: `./${f.replace(/\.ts$/, '')}` };
});
writeFileSync(
  join(dir, 'index.ts'),
  `${entries.map((e) => `import { ${e.cls} } from '${e.path}';`).join('\n')}\n\n/** In the order they run. */\nexport const MIGRATIONS = [${entries.map((e) => e.cls).join(', ')}];\n`,
);
console.log(`${entries.length} migrations listed`);
