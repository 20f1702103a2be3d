import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API (command-api) listens on 3000 and serves web/dist itself in production, so the client
// always calls same-origin /api and /ws; in development Vite forwards those to it
// (MYWORLD_API_URL points elsewhere, e.g. at a stub while building screens).
const api = process.env.MYWORLD_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/ws': { target: api, ws: true },
      // The development payment provider's confirmation page is the API's.
      '/dev/payments': { target: api },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api },
      '/ws': { target: api, ws: true },
      '/dev/payments': { target: api },
    },
  },
});
