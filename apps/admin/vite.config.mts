import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressDir } from './precompress.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../../dist/apps/admin', import.meta.url));

// The API process serves this bundle under /admin/ and answers index.html for /admin/*,
// /sign-in and /not-found, so assets need absolute /admin/ URLs.
export default defineConfig({
  root,
  base: '/admin/',
  plugins: [
    react(),
    // gzip and brotli copies of the hashed assets, which the API sends as they are (preCompressed).
    { name: 'cms-precompress', apply: 'build', closeBundle: async () => void (await precompressDir(`${outDir}/assets`)) },
  ],
  resolve: {
    tsconfigPaths: true,
    // ra-input-rich-text's own @tiptap/core is older than the TipTap extensions installed beside
    // it (its highlight extension imports what that core lacks): one TipTap core for all.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: a change to the back office does not re-download React or MUI.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/ },
          ],
        },
      },
    },
  },
});
