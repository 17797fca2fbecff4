// The dashboard's browser app (docs/dashboard.md). `npm run build` runs this build (tools/scripts/
// build.cjs); `npx vite --config apps/dashboard/vite.config.mjs` is a dev server with hot reload
// that forwards the API and sign-in to a running `npm start` (HC_PORT, default 8080).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const edge = `http://127.0.0.1:${process.env.HC_PORT || 8080}`;

export default defineConfig({
  root: here,
  base: '/app/',
  plugins: [react()],
  resolve: {
    alias: { '@hc/client': path.join(root, 'libs/client/src/index.ts') },
  },
  build: {
    outDir: path.join(root, 'dist/apps/dashboard/web'),
    emptyOutDir: true,
    assetsDir: 'assets',
    // The size budget (apps/dashboard/src/app/size-budget.spec.ts) reads the manifest.
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1024,
  },
  server: {
    port: Number(process.env.HC_DASHBOARD_DEV_PORT || 5173),
    proxy: Object.fromEntries(
      // auth-server's /app/account*, but the connected-apps screen, which is this app's (issue 38).
      [
        '/v1',
        '/signin',
        '/consent',
        '/oauth',
        '^/app/account(?!/connected-apps(\\?|$))',
        '/images',
      ].map((p) => [p, edge]),
    ),
  },
});
