import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { inlineEntryCss } from './build/inline-entry-css-plugin.ts';
import { precompress } from './build/precompress-plugin.ts';

// The API (command-api) listens on 3000 and serves web/dist itself in production, so the client
// always calls same-origin /api and /ws; in development Vite forwards those to it
// (MYWORLD_API_URL points elsewhere, e.g. at a stub while building screens).
const api = process.env.MYWORLD_API_URL ?? 'http://127.0.0.1:3000';

/**
 * The video editor's face detector files, served from our own origin under /models/human/ (by Vite
 * in development, copied into dist for the API's static files in production); nothing is fetched
 * from elsewhere at run time. The face box and mesh models come from the @vladmandic/human package;
 * the WASM backend's binaries (fast detection without a GPU) from @tensorflow/tfjs-backend-wasm
 * when it is installed, which the client learns from VITE_HUMAN_WASM.
 */
function humanFiles(): Plugin {
  const require = createRequire(import.meta.url);
  // Neither package exports its package.json: each entry file sits one folder below the package's root.
  const packageDir = (name: string) => {
    try {
      return join(dirname(require.resolve(name)), '..');
    } catch {
      return null;
    }
  };
  const models = join(packageDir('@vladmandic/human')!, 'models');
  const wasm = packageDir('@tensorflow/tfjs-backend-wasm');
  const files = new Map<string, string>([
    ...['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'].map((f): [string, string] => [
      f,
      join(models, f),
    ]),
    ...(wasm
      ? ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'].map(
          (f): [string, string] => [f, join(wasm, 'dist', f)],
        )
      : []),
  ]);
  const type = (f: string) =>
    f.endsWith('.json') ? 'application/json' : f.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return {
    name: 'myworld-human-files',
    config: () => ({ define: { 'import.meta.env.VITE_HUMAN_WASM': JSON.stringify(wasm ? 'true' : '') } }),
    configureServer(server) {
      server.middlewares.use('/models/human/', (req, res, next) => {
        const path = files.get((req.url ?? '').slice(1));
        if (!path) return next();
        res.setHeader('content-type', type(path));
        res.end(readFileSync(path));
      });
    },
    generateBundle() {
      for (const [file, path] of files)
        this.emitFile({ type: 'asset', fileName: `models/human/${file}`, source: readFileSync(path) });
    },
  };
}

/**
 * The server's render of the first screen (src/entry-server.tsx, `vite build --ssr`): one module
 * with its dependencies inside, in dist-ssr/ beside (not inside) the files the API serves.
 */
const ssrConfig = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    // The video editor's face detector: a lazily loaded page's, never rendered on the server.
    rolldownOptions: { external: ['@vladmandic/human', /^@tensorflow\//] },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrConfig : clientConfig));

const clientConfig = defineConfig({
  plugins: [react(), humanFiles(), inlineEntryCss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Everything the first screen needs in one chunk beside the entry: on a phone network each
    // extra file of the first load costs a round trip (HTTP/1.1 opens six at a time).
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
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
