import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README and docs/ point at each other and at the code. Every relative link must reach a file
 * that exists (and, with `#anchor`, a heading of that file, slugged as GitHub slugs it), and every
 * `npm run <name>` they tell a reader to type must be a script of the root package.json (or of the
 * workspace named with `--workspace`).
 */
const root = fileURLToPath(new URL('..', import.meta.url));

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return entry.endsWith('.md') ? [path] : [];
  });
}

const DOCS = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

/** The text outside fenced code blocks (a `#` in a shell block is no heading, a `[x](y)` there no link). */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** GitHub's heading anchor: lower case, punctuation dropped (not `-` or `_`), each space a `-`. */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown file offers: its headings' slugs, repeats numbered `-1`, `-2`, as GitHub does. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of prose(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = githubSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The targets of inline links `[text](target)`, outside code. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown).replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** What is wrong with one relative link from `file` (null when it resolves). */
function linkProblem(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:
  const [path, anchor] = target.split('#', 2) as [string, string | undefined];
  const destination = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
  if (!existsSync(destination)) return `${target}: ${relative(root, destination)} does not exist`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(destination).isDirectory() || !destination.endsWith('.md'))
    return `${target}: an anchor into a file that is not markdown`;
  const anchors = anchorsOf(readFileSync(destination, 'utf8'));
  return anchors.has(decodeURIComponent(anchor).toLowerCase())
    ? null
    : `${target}: ${relative(root, destination)} has no heading #${anchor}`;
}

/** `npm run NAME` commands a text names, with the workspace each names (`--workspace W`, `-w W`). */
function npmRunCommands(text: string): { name: string; workspace?: string; command: string }[] {
  const commands: { name: string; workspace?: string; command: string }[] = [];
  for (const match of text.matchAll(/npm run((?:[ \t]+[^\s`|;&)]+)+)/g)) {
    const args = match[1]!.trim().split(/[ \t]+/);
    let name: string | undefined;
    let workspace: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === '--') break;
      if (arg === '--workspace' || arg === '-w') workspace = args[++i];
      else if (arg.startsWith('--workspace=')) workspace = arg.slice('--workspace='.length);
      else if (arg.startsWith('-')) continue;
      else if (name === undefined) name = arg;
    }
    if (name !== undefined) commands.push({ name: name.replace(/[.,:]+$/, ''), workspace, command: match[0] });
  }
  return commands;
}

function scriptsOf(workspace?: string): Record<string, string> | null {
  const manifest = join(root, workspace ?? '.', 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

describe('README and docs', () => {
  it.each(DOCS.map((file) => [relative(root, file), file]))('%s: every relative link resolves', (_name, file) => {
    const markdown = readFileSync(file, 'utf8');
    const problems = linkTargets(markdown)
      .map((target) => linkProblem(file, target))
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it.each(DOCS.map((file) => [relative(root, file), file]))(
    '%s: every `npm run` command names a script that exists',
    (_name, file) => {
      const problems = npmRunCommands(readFileSync(file, 'utf8')).flatMap(({ name, workspace, command }) => {
        const scripts = scriptsOf(workspace);
        if (!scripts) return [`${command}: no ${workspace}/package.json`];
        return name in scripts ? [] : [`${command}: ${workspace ?? 'the root'} package.json has no "${name}" script`];
      });
      expect(problems).toEqual([]);
    },
  );

  it('the README stays short', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(220);
  });

  it('the checks notice what is broken', () => {
    expect(githubSlug('What `npm start` installs')).toBe('what-npm-start-installs');
    expect(githubSlug('Fan-out benchmark (`npm run bench -- sfu`)')).toBe('fan-out-benchmark-npm-run-bench----sfu');
    expect(githubSlug('`asOf`: from event times, not from a rebuild')).toBe('asof-from-event-times-not-from-a-rebuild');
    expect([...anchorsOf('# A\n\n```sh\n# not a heading\n```\n## A\n')]).toEqual(['a', 'a-1']);
    expect(linkTargets('[a](docs/x.md#y) `[b](c.md)` [d](https://e.f)\n```\n[g](h.md)\n```\n')).toEqual([
      'docs/x.md#y',
      'https://e.f',
    ]);
    expect(linkProblem(join(root, 'README.md'), 'docs/no-such-file.md')).toMatch(/does not exist/);
    expect(linkProblem(join(root, 'README.md'), 'docs/architecture.md#no-such-heading')).toMatch(/has no heading/);
    expect(linkProblem(join(root, 'README.md'), '#no-such-heading')).toMatch(/has no heading/);
    expect(
      npmRunCommands('`npm run replay -- --projection all` and npm run -s export, `npm run build --workspace web`'),
    ).toEqual([
      { name: 'replay', workspace: undefined, command: 'npm run replay -- --projection all' },
      { name: 'export', workspace: undefined, command: 'npm run -s export,' },
      { name: 'build', workspace: 'web', command: 'npm run build --workspace web' },
    ]);
  });
});
