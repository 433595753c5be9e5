import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const web = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [
    react(),
    tailwindcss(),
    // Our own service worker (src/web/sw.ts) with Workbox's precache list injected; the manifest is
    // served by the server in the visitor's language, and the app registers the worker itself.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
        // Sign-up's password dictionaries and the analytics charts are large and never needed offline.
        globIgnores: ['**/sw.js', '.vite/**', '**/password-strength-*.js', '**/analytics-charts-*.js'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // The server reads the manifest to link a server-rendered card page to its own small script
    // (card-entry) and the app's stylesheet.
    manifest: true,
    rollupOptions: {
      input: { index: path.join(web, 'index.html'), card: path.join(web, 'card-entry.ts') },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
