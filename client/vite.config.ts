import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { englishStringsPlugin } from './scripts/english-strings.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';
import { firstScreenKeys } from './src/lib/i18n/first-screen-keys.ts';

const CONTRACTS_SOURCE = /[\\/]contracts[\\/]src[\\/]/;

const apiServer = process.env.GLOBETRAIL_API ?? 'http://localhost:3000';

/**
 * Paths the server answers on the same origin. Panorama addresses are opaque to the client, so every
 * prefix the server may use for them is forwarded too; everything else is the single-page app.
 */
const apiPrefixes = ['auth', 'user', 'score', 'leaderboard', 'solo', 'games', 'arena', 'client-config', 'pano', 'panoramas', 'panorama', 'imagery', 'api', 'health', 'maps', 'map', 'mapLoc', 'randomLoc', 'generator', 'lobby', 'docs'];

const proxy: Record<string, ProxyOptions> = {
  [`^/(${apiPrefixes.join('|')})(/|$|\\?)`]: { target: apiServer, changeOrigin: true },
  '/socket.io': { target: apiServer, ws: true, changeOrigin: true },
};

export default defineConfig({
  plugins: [
    react(),
    englishStringsPlugin({ englishFile: fileURLToPath(new URL('src/locales/en.json', import.meta.url)), firstScreenKeys }),
    precompressPlugin(),
  ],
  resolve: {
    alias: {
      // Contracts are consumed as source: their relative `.js` imports resolve to the `.ts` files.
      '@globetrail/contracts': fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url)),
    },
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // maplibre-gl and Photo Sphere Viewer (three) are large by nature; they load only with the game screen.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      // The contracts only declare schemas and constants: a module none of whose exports the client uses
      // is left out (zod calls at module level look like side effects to the bundler otherwise).
      treeshake: { moduleSideEffects: (id) => (CONTRACTS_SOURCE.test(id) ? false : undefined) },
      output: {
        // The Developer Tools check (SPEC §8) is a `debugger` statement: the minifier must leave it in.
        minify: { compress: { dropDebugger: false } },
        codeSplitting: {
          // Separate, long-cached chunks for the two heavy viewers; a release that only changes game code
          // leaves them untouched in the browser cache.
          groups: [
            { name: 'maplibre', test: /node_modules[\\/]maplibre-gl/ },
            { name: 'panorama', test: /node_modules[\\/](three|@photo-sphere-viewer)/ },
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|jotai|i18next|react-i18next|@tanstack|zod)[\\/]/ },
            // Everything else the first screen imports is one chunk (the entry's), not a handful of small
            // ones shared with lazy chunks: fewer requests, and brotli sees it all at once.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
