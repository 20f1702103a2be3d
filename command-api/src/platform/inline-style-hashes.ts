import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;

/**
 * The Content-Security-Policy hash sources ('sha256-…') of the <style> elements in the built
 * client's index.html (its first screen's stylesheet, put there by the build): the only inline
 * styles the policy allows. None when the client is not built.
 */
export function inlineStyleHashes(webDist: string): string[] {
  const indexPath = resolve(webDist, 'index.html');
  if (!existsSync(indexPath)) return [];
  return [...readFileSync(indexPath, 'utf8').matchAll(STYLE_ELEMENT)].map(
    ([, css]) => `'sha256-${createHash('sha256').update(css!, 'utf8').digest('base64')}'`,
  );
}
