import { existsSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/*
 * Checks that a command line (an npm script, a Dockerfile RUN, a compose `command:`, a line of a
 * shell script) refers only to things that exist in the repo: the file named by `bash X`,
 * `node X`, `tsx X` and `tsc -p X`, the binary named by `npx X`, the script named by
 * `npm run X [--workspace W]`. Shell scripts under the repo are followed, so `npm run build`
 * -> scripts/build.sh -> scripts/typecheck.sh is checked all the way down.
 */

export interface CheckOptions {
  /** The repo root; paths are relative to it. */
  readonly root: string;
  /** Also require the first word of the command to be a known command (npm scripts, RUN, CMD). */
  readonly strictCommand?: boolean;
  /** Shell scripts already followed (stops loops). */
  readonly seen?: Set<string>;
}

/** Splits a command line into words, honouring quotes; `$...` words stay as they are. */
export function words(command: string): string[] {
  const out: string[] = [];
  for (const match of command.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g))
    out.push(match[1] ?? match[2] ?? match[3]!);
  return out;
}

/** The simple commands of a command line: split at &&, ||, ;, | and newlines, shell keywords dropped. */
export function simpleCommands(line: string): string[][] {
  return line
    .split(/&&|\|\||;|\||\n/)
    .map((part) => words(part.trim()))
    .map((w) => {
      while (
        w.length > 0 &&
        ['then', 'else', 'do', 'exec', 'time', '!', 'if', 'while', 'until', '{', '('].includes(w[0]!)
      )
        w.shift();
      while (w.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w[0]!)) w.shift(); // VAR=value prefixes
      return w;
    })
    .filter((w) => w.length > 0);
}

const dynamic = (word: string) => word.includes('$') || word.includes('*');

function packageScripts(root: string, workspace?: string): Record<string, string> | null {
  const manifest = join(root, workspace ?? '.', 'package.json');
  if (!existsSync(manifest)) return null;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

const SHELL_BUILTINS = new Set([
  'cd',
  'echo',
  'exit',
  'set',
  'export',
  'true',
  'false',
  'test',
  '[',
  'fi',
  'done',
  'return',
  'local',
  'printf',
  'read',
  'shift',
  'wait',
  'trap',
  'source',
  '.',
  'mapfile',
  'unset',
  'eval',
  'exec',
  'case',
  'esac',
  'for',
  '}',
  ')',
]);

/** Problems with one command line (empty when everything it names exists). */
export function commandProblems(line: string, options: CheckOptions): string[] {
  const { root } = options;
  const seen = options.seen ?? new Set<string>();
  const problems: string[] = [];
  const file = (path: string, what: string) => {
    if (dynamic(path)) return;
    if (!existsSync(join(root, path))) problems.push(`${what} ${path}, which does not exist`);
  };
  const bin = (name: string) => {
    if (dynamic(name)) return;
    if (!existsSync(join(root, 'node_modules/.bin', name)))
      problems.push(`npx ${name}: no such installed binary (node_modules/.bin/${name})`);
  };

  const check = (w: string[], strict: boolean): void => {
    const [command, ...args] = w;
    if (!command || dynamic(command)) return;
    if (command.startsWith('node_modules/.bin/')) {
      file(command, 'runs');
      return check([command.slice('node_modules/.bin/'.length), ...args], false);
    }
    const operands = (flagsWithValue: string[]) => {
      const out: string[] = [];
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        if (flagsWithValue.includes(a)) i++;
        else if (!a.startsWith('-')) out.push(a);
      }
      return out;
    };
    switch (command) {
      case 'bash':
      case 'sh': {
        if (args.includes('-c')) return check(words(args[args.indexOf('-c') + 1] ?? ''), strict);
        const script = operands(['-o', '-O'])[0];
        if (!script || dynamic(script)) return;
        file(script, `${command} runs`);
        const path = join(root, script);
        if (existsSync(path) && statSync(path).isFile() && !seen.has(script)) {
          seen.add(script);
          for (const p of shellScriptProblems(readFileSync(path, 'utf8'), { root, seen }))
            problems.push(`${script}: ${p}`);
        }
        return;
      }
      case 'node': {
        if (args.some((a) => a === '-e' || a === '--eval' || a === '-p' || a === '--print')) return;
        const [entry] = operands(['--import', '-r', '--require', '--loader', '--experimental-loader', '--env-file']);
        if (entry) file(entry, 'node runs');
        return;
      }
      case 'tsx': {
        const [entry] = operands(['--tsconfig', '--env-file']);
        if (entry) file(entry, 'tsx runs');
        return;
      }
      case 'tsc': {
        const at = args.findIndex((a) => a === '-p' || a === '--project');
        if (at >= 0 && args[at + 1]) file(args[at + 1]!, 'tsc checks');
        return;
      }
      case 'npx': {
        const rest = [...args];
        while (rest[0]?.startsWith('-')) rest.shift();
        if (!rest[0]) return;
        bin(rest[0]);
        return check(rest, false);
      }
      case 'npm': {
        const sub = args[0];
        if (sub !== 'run' && sub !== 'run-script') return;
        let workspace: string | undefined;
        let name: string | undefined;
        for (let i = 1; i < args.length; i++) {
          const a = args[i]!;
          if (a === '--') break;
          if (a === '--workspace' || a === '-w') workspace = args[++i];
          else if (a.startsWith('--workspace=')) workspace = a.slice('--workspace='.length);
          else if (!a.startsWith('-') && name === undefined) name = a;
        }
        if (!name || dynamic(name)) return;
        const scripts = packageScripts(root, workspace);
        const where = workspace ? `${workspace}/package.json` : 'package.json';
        if (!scripts) problems.push(`npm run ${name} --workspace ${workspace}: no ${where}`);
        else if (!(name in scripts)) problems.push(`npm run ${name}: ${where} has no "${name}" script`);
        return;
      }
      default: {
        if (!strict || SHELL_BUILTINS.has(command)) return;
        if (command.includes('/')) return file(command, 'runs');
        if (!existsSync(join(root, 'node_modules/.bin', command)) && !onPath(command))
          problems.push(`${command}: not an installed binary nor on PATH`);
      }
    }
  };

  for (const w of simpleCommands(line)) check(w, options.strictCommand ?? false);
  return problems;
}

/** Problems in a shell script: each line is checked (comments, heredoc bodies and functions' `log` lines aside). */
export function shellScriptProblems(text: string, options: CheckOptions): string[] {
  const problems: string[] = [];
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  let heredoc: string | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (heredoc !== null) {
      if (line === heredoc) heredoc = null;
      continue;
    }
    const opens = /<<-?\s*'?"?([A-Za-z_]+)'?"?/.exec(line);
    if (opens) heredoc = opens[1]!;
    if (line.startsWith('#') || line.length === 0) continue;
    // Text inside $( ... ) is a command too; checking the whole line covers both.
    problems.push(
      ...commandProblems(line.replace(/\$\(/g, ' ; ').replace(/\)/g, ' ; '), { ...options, strictCommand: false }),
    );
  }
  return problems;
}
