import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from './repo.ts';

// Inside the repository, so a bundle's imports of npm packages find node_modules.
const BUNDLES = join(REPO_ROOT, 'node_modules', '.cache', 'myworld-test-bundles');
/** Bundles of older sources are removed once unused for this long. */
const KEEP_MS = 24 * 3600_000;

/**
 * An entry point of ours (`workers/src/main.ts`), bundled into one JavaScript file once per test
 * process. Started through tsx, a process spends about 7 s of CPU resolving and loading our
 * TypeScript module by module before it does anything; the bundle starts in about 3 s. The npm
 * packages stay outside the bundle (loaded from node_modules as in production), so only our own
 * code is joined. None of it reads files next to its sources (import.meta.url), which a bundle
 * would move. Files are named by their content, so test processes running at once share them.
 */
export function bundledEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    bundle = bundleOf(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

const bundles = new Map<string, Promise<string>>();

/** npm packages are loaded from node_modules at run time; our workspaces (@myworld/*) are bundled. */
const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@myworld/') ? undefined : { external: true }));
  },
};

async function bundleOf(entry: string): Promise<string> {
  const { outputFiles } = await build({
    entryPoints: [join(REPO_ROOT, entry)],
    outfile: 'bundle.mjs',
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
    plugins: [npmPackagesOutside],
  });
  const code = outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  mkdirSync(BUNDLES, { recursive: true });
  const file = join(BUNDLES, `${basename(entry, '.ts')}-${hash}.mjs`);
  if (existsSync(file)) {
    utimesSync(file, new Date(), new Date());
  } else {
    // Written aside, then renamed: another process never starts a half-written file.
    writeFileSync(`${file}.${process.pid}`, code);
    renameSync(`${file}.${process.pid}`, file);
    pruneOldBundles();
  }
  return file;
}

function pruneOldBundles(): void {
  for (const name of readdirSync(BUNDLES)) {
    const path = join(BUNDLES, name);
    if (Date.now() - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { force: true });
  }
}
