import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

// The API process serves this bundle under /admin/ and answers index.html for /admin/*,
// /sign-in and /not-found, so assets need absolute /admin/ URLs.
export default defineConfig({
  root,
  base: '/admin/',
  plugins: [react()],
  resolve: {
    tsconfigPaths: true,
    // ra-input-rich-text's own @tiptap/core is older than the TipTap extensions installed beside
    // it (its highlight extension imports what that core lacks): one TipTap core for all.
    dedupe: ['@tiptap/core', '@tiptap/pm'],
  },
  build: {
    outDir: fileURLToPath(new URL('../../dist/apps/admin', import.meta.url)),
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
