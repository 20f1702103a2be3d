import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandProblems } from './support/command-references.ts';

/*
 * Every script in the root package.json must work: each one (and each shell script it runs, all
 * the way down) names only files, npm scripts and binaries that exist. `npm run build` once
 * named a scripts/build.sh that did not exist, which broke the Docker image.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  workspaces: string[];
};

/** The scripts the README, docs/ and the Dockerfile promise. */
const PROMISED = ['start', 'test', 'setup', 'build', 'typecheck', 'lint', 'migrate', 'replay', 'bench', 'admin'];

describe('package.json scripts', () => {
  it('has every script the README and the Dockerfile use', () => {
    expect(Object.keys(manifest.scripts)).toEqual(expect.arrayContaining(PROMISED));
  });

  it.each(Object.entries(manifest.scripts))(
    '"%s" names only files, npm scripts and binaries that exist',
    (_name, command) => {
      expect(commandProblems(command, { root, strictCommand: true })).toEqual([]);
    },
  );

  it('every workspace has a package.json, and the web workspace builds the client', () => {
    for (const workspace of manifest.workspaces)
      expect(existsSync(join(root, workspace, 'package.json')), `${workspace}/package.json`).toBe(true);
    const web = JSON.parse(readFileSync(join(root, 'web/package.json'), 'utf8')) as {
      scripts?: Record<string, string>;
    };
    expect(web.scripts?.build).toMatch(/\bvite build\b/);
  });

  it('the checks notice a broken reference', () => {
    const problems = (command: string) => commandProblems(command, { root, strictCommand: true });
    expect(problems('bash scripts/no-such-script.sh')).toEqual([
      'bash runs scripts/no-such-script.sh, which does not exist',
    ]);
    expect(problems('tsx projections/src/cli/no-such-cli.ts')).toEqual([
      'tsx runs projections/src/cli/no-such-cli.ts, which does not exist',
    ]);
    expect(problems('node --import tsx workers/src/nope.ts')).toEqual([
      'node runs workers/src/nope.ts, which does not exist',
    ]);
    expect(problems('npm run no-such-script')).toEqual([
      'npm run no-such-script: package.json has no "no-such-script" script',
    ]);
    expect(problems('npm run build --workspace no-such-workspace')).toEqual([
      'npm run build --workspace no-such-workspace: no no-such-workspace/package.json',
    ]);
    expect(problems('npx no-such-binary-here')).toEqual([
      'npx no-such-binary-here: no such installed binary (node_modules/.bin/no-such-binary-here)',
    ]);
    expect(problems('no-such-command-anywhere --flag')).toEqual([
      'no-such-command-anywhere: not an installed binary nor on PATH',
    ]);
    expect(problems('tsc -p no/tsconfig.json')).toEqual(['tsc checks no/tsconfig.json, which does not exist']);
    expect(problems('node_modules/.bin/no-such-tool --version')).toEqual([
      'runs node_modules/.bin/no-such-tool, which does not exist',
    ]);
    expect(problems('node_modules/.bin/tsc -p no/tsconfig.json')).toEqual([
      'tsc checks no/tsconfig.json, which does not exist',
    ]);
  });

  it('follows the shell scripts a script runs, down to what they run', () => {
    // build.sh runs typecheck.sh, which names each tsconfig; a missing one is found from `npm run build`.
    const build = readFileSync(join(root, 'scripts/build.sh'), 'utf8');
    expect(build).toMatch(/bash scripts\/typecheck\.sh/);
    expect(build).toMatch(/npm run build --workspace web/);
    expect(commandProblems('bash scripts/build.sh', { root })).toEqual([]);
  });

  // `npm test`'s set-up runs the web half of `npm run build` (scripts/setup.sh) before any test, and
  // fails if it fails; building again here cost 7 s of CPU. What it left is checked instead.
  it('the web client build that `npm run build` runs produced an index.html', () => {
    const setup = readFileSync(join(root, 'scripts/setup.sh'), 'utf8');
    expect(setup).toMatch(/npm run build --workspace web/);
    expect(readFileSync(join(root, 'web/dist/index.html'), 'utf8')).toContain('<script type="module"');
  });
});
