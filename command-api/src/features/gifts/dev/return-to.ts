import type { FastifyRequest } from 'fastify';

/**
 * A path of this site, of a strict form: one `/`, then only URL characters. No whitespace, control
 * characters or backslashes: browsers drop tabs and newlines and read `\` as `/`, so `/\t/evil.example`
 * and `/\evil` would take them to another site.
 */
const SAME_SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;

/**
 * A same-site path to go back to. Anything else (another site, an absolute URL, a malformed path,
 * or one that is `//`, `/\` or holds a control character once percent-decoded) falls back to `/`.
 */
export function sameSitePath(value: string | undefined): string {
  if (!value || !SAME_SITE_PATH.test(value)) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return '/';
  }
  if (/^\/[\s/\\]/.test(decoded) || /[\u0000-\u001f\u007f\\]/.test(decoded)) return '/';
  return value;
}

/** Whether the caller is the page's form (a browser wants HTML back) rather than a program wanting JSON. */
export const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
