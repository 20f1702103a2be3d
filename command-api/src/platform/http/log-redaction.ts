import type { FastifyRequest } from 'fastify';
import type { ChildLoggerOptions } from 'pino';

const REDACTED = '[redacted]';
/** Query parameters and fields whose values are secrets: emailed tokens, passwords, keys. */
const SECRET_NAME = /token|password|secret|passwd|api[-_]?key|session|sid/i;

/** The URL with every secret query value replaced (`?token=abc` → `?token=[redacted]`). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq !== -1 && SECRET_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Options for the request logger: the request is logged without secret query values, and any
 * logged `password`, `token` or `secret` field, cookie or authorization header is censored.
 */
export const requestLogOptions: ChildLoggerOptions = {
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactUrl(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket ? req.socket.remotePort : undefined,
    }),
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'req.headers["x-metrics-token"]',
      'res.headers["set-cookie"]',
      'headers.authorization',
      'headers.cookie',
      'password',
      'token',
      'secret',
      '*.password',
      '*.newPassword',
      '*.currentPassword',
      '*.token',
      '*.secret',
      '*.TOKEN_SECRET',
      '*.PERSONAL_DATA_SECRET',
      '*.*.password',
      '*.*.token',
      '*.*.secret',
    ],
    censor: REDACTED,
  },
};
