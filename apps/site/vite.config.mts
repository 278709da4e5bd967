import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const dist = (folder: string) => fileURLToPath(new URL(`../../dist/apps/site/${folder}`, import.meta.url));

// The site handler serves the client build under /_site/ and finds the entry's files in the
// manifest; the hashed names let it answer them with immutable cache headers.
// The client compiles the renderer's TSX too: guarded pages draw themselves in the browser.
const client: UserConfig = {
  root,
  plugins: [react()],
  base: '/_site/',
  publicDir: false,
  resolve: { tsconfigPaths: true },
  build: {
    outDir: dist('client'),
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    modulePreload: false,
    sourcemap: false,
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('src/client/main.ts', import.meta.url)) },
      // The workspace libraries are pure declarations (constants, enums, lists); saying so lets the
      // bundle keep only the two constants the client uses instead of every module-level list.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]libs[\\/](contracts|rights)[\\/]/.test(id) },
    },
  },
};

// The API process (or standalone.mjs) imports entry.mjs. React is bundled into it with
// NODE_ENV fixed to production: the host process (`npm start`, the API) does not set NODE_ENV, and
// React's development build renders several times slower. The workspace libraries are bundled from
// source too; other packages (sanitize-html...) load from node_modules. standalone.mjs loads
// entry.mjs beside it at run time, so React exists once.
const server: UserConfig = {
  root,
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: [/^@cms\//, 'react', 'react-dom', /^react\//, /^react-dom\//] },
  build: {
    ssr: true,
    outDir: dist('server'),
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: {
      input: {
        entry: fileURLToPath(new URL('src/server/entry.ts', import.meta.url)),
        standalone: fileURLToPath(new URL('src/server/standalone.ts', import.meta.url)),
      },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? server : client));
