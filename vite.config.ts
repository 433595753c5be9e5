import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const web = path.resolve(import.meta.dirname, 'src/web');

export default defineConfig({
  root: 'src/web',
  publicDir: '../../public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // The server reads the manifest to link a server-rendered card page to its own small script
    // (card-entry) and the app's stylesheet (issue 9).
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
