import { sql, type QueryCreator } from 'kysely';
import type { GiftsDb } from './gifts.projection.ts';

type Db = QueryCreator<GiftsDb>;

/** A streamer's gift earnings in cents (zeros before their first paid gift). */
export async function earningsOf(db: Db, streamerId: string) {
  const row = await db.selectFrom('earnings').selectAll().where('streamer_id', '=', streamerId).executeTakeFirst();
  const grossCents = Number(row?.gross_cents ?? 0);
  const refundedCents = Number(row?.refunded_cents ?? 0);
  const reversedCents = Number(row?.reversed_cents ?? 0);
  return {
    grossCents,
    refundedCents,
    reversedCents,
    netCents: grossCents - refundedCents - reversedCents,
    giftsReceived: row?.gifts_received ?? 0,
    lastGiftAt: row?.last_gift_at?.toISOString() ?? null,
  };
}

/** What a stream's gifts brought, in cents: paid minus refunded and minus what lost disputes took back. */
export async function streamGiftTotal(db: Db, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('gifts')
    .select(sql<string>`coalesce(sum(amount_cents - refunded_cents - reversed_cents), 0)`.as('total'))
    .where('stream_id', '=', streamId)
    .where('status', 'in', ['paid', 'refunded'])
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** One gift's row (its payment state), for diagnostics and tests. */
export function giftById(db: Db, giftId: string) {
  return db.selectFrom('gifts').selectAll().where('id', '=', giftId).executeTakeFirst();
}
