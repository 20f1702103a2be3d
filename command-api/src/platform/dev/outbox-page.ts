import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { outboxMessage, type OutboxMessage } from '@myworld/schemas/server';
import { devOnlyToolsAllowed } from './dev-only.ts';
import { escapeHtml } from '@myworld/schemas/server';

/** The text with every http(s) address turned into a link. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

async function readOutbox(dir: string, limit: number): Promise<OutboxMessage[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  // File names start with a sortable timestamp: newest first.
  const newest = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit);
  const messages = await Promise.all(
    newest.map(async (n) =>
      outboxMessage.safeParse(JSON.parse(await readFile(join(dir, n), 'utf8').catch(() => 'null'))),
    ),
  );
  return messages.flatMap((m) => (m.success ? [m.data] : []));
}

function page(messages: OutboxMessage[], dir: string): string {
  const items = messages
    .map(
      (m) =>
        `<li><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${linkify(m.text)}</pre></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MyWorld outbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2937}
li{list-style:none;border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0;font-size:1.1rem}
.meta{color:#6b7280;margin:.25rem 0}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Outbox</h1><p>Emails the workers would have sent (no SMTP_URL configured), newest first, from <code>${escapeHtml(dir)}</code>.</p>
${messages.length ? `<ul>${items}</ul>` : '<p>No emails yet.</p>'}</body></html>`;
}

/**
 * GET /dev/outbox: in development, with no SMTP server configured, the workers write each email
 * into OUTBOX_DIR and this page lists them with their links clickable. Registered only in explicit
 * development (NODE_ENV development or test) on a loopback HOST: never reachable from another machine.
 */
export function registerDevOutbox(
  app: FastifyInstance,
  config: { NODE_ENV: string; HOST: string; OUTBOX_DIR: string },
): void {
  if (!devOnlyToolsAllowed(config)) return;
  // An HTML page for developers, not part of the JSON API: kept out of the API documentation.
  app.get('/dev/outbox', { config: { auth: 'visitor' }, schema: { hide: true } }, async (_request, reply) => {
    const messages = await readOutbox(config.OUTBOX_DIR, 100);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(messages, config.OUTBOX_DIR));
  });
}
