import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ClientAssets } from './render/assets';

export { NO_CLIENT_ASSETS, type ClientAssets } from './render/assets';
export const CLIENT_BASE = '/_site/';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
}

/** The entry's script and stylesheets from Vite's manifest (`.vite/manifest.json` of the client build). */
export function assetsFromManifest(manifest: Record<string, ManifestChunk>, base = CLIENT_BASE): ClientAssets {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  return {
    scripts: entries.map((chunk) => base + chunk.file),
    styles: [...new Set(entries.flatMap((chunk) => chunk.css ?? []))].map((file) => base + file),
  };
}

export function readClientAssets(clientDir: string): ClientAssets {
  const manifestPath = path.join(clientDir, '.vite', 'manifest.json');
  return assetsFromManifest(JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>);
}
