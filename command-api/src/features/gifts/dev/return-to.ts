import type { FastifyRequest } from 'fastify';

/** A same-site path to go back to (never another site: `//host`, `/\host` and absolute URLs fall back to `/`). */
export function sameSitePath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\r\n]/.test(value)) return '/';
  return value;
}

/** Whether the caller is the page's form (a browser wants HTML back) rather than a program wanting JSON. */
export const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
