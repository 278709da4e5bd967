// Compiles the API with tsc and copies the files it reads at run time (the default favicon).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'apps/api/tsconfig.app.json')], { stdio: 'inherit' });
const assets = join(root, 'apps/api/src/assets');
if (existsSync(assets)) cpSync(assets, join(root, 'dist/apps/api/assets'), { recursive: true });
