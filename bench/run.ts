/**
 * `npm run bench -- NAME [args]`: runs one benchmark and prints its figures.
 *   eventstore  appends (1 and 8 clients, batches of 100), catch-up read, projection lag
 *   sfu         mediasoup fan-out per host (one worker per core): viewers until loss passes 1% or the SFU refuses them
 *   media       image variants (4000x3000 JPEG -> WebP) and a 10 s 720p WebM -> MP4 + poster
 *   feed        GET /api/feed under 50 connections vs a Fastify hello-world, at 10k and 1M events
 *   search      GET /api/search p50/p99 over 100k and 1M posts and 10k users, a mix of realistic queries
 *   like        POST/DELETE /api/posts/{id}/like p99 under 50 connections while projections lag 2 s
 *   messages    direct messages: 200 conversations over /ws on 2 API instances, POST -> new_message p50/p99
 *   projections live lag (append -> readable in every read model) p50/p99 at rising rates of the rebuild mix
 *   rebuild     every read model rebuilt from 0 over 1M generated events (BENCH_EVENTS / --events N): events/s, wall time
 *   session     what keeping a session's last write costs per request (Redis vs a signed cookie; GET /api/auth/user)
 *   glass       live stream in Chromium: viewer join -> first frame and glass-to-glass latency p50/p95
 */
const benches: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  eventstore: () => import('./eventstore.ts'),
  sfu: () => import('./sfu.ts'),
  media: () => import('./media.ts'),
  feed: () => import('./feed.ts'),
  like: () => import('./like.ts'),
  messages: () => import('./messages.ts'),
  search: () => import('./search.ts'),
  projections: () => import('./projections.ts'),
  rebuild: () => import('./rebuild.ts'),
  session: () => import('./session.ts'),
  glass: () => import('./glass.ts'),
};

const [name, ...args] = process.argv.slice(2).filter((a) => a !== '--');
const load = name ? benches[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- ${Object.keys(benches).join('|')}`);
  process.exit(2);
}
await (await load()).run(args);
process.exit(0);

export {};
