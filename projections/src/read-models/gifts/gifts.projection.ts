import { sql, type ColumnType } from 'kysely';
import type { EventType } from '@myworld/schemas';
import { defineProjection, type ProjectionHandler, type TypedRecordedEvent } from '../../projection.ts';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';

/** PostgreSQL bigint: read back as text, written as a number. */
type Cents = ColumnType<string, number, number>;

/**
 * Gifts and what they earn: one row per gift with its payment's state, and per streamer the money
 * their gifts brought (gross paid, refunded, how many gifts, the last one's time). Built from the
 * gift events alone (their payloads carry stream, streamer and amounts). A deleted account's gifts
 * stay (they were paid for), their messages as the redaction a replay reads.
 */
export interface GiftsDb {
  gifts: {
    id: string;
    stream_id: string;
    streamer_id: string;
    sender_id: string;
    gift_type: string;
    emoji: string;
    quantity: number;
    message: string;
    amount_cents: number;
    refunded_cents: number;
    /** requested, paid, failed (the payer may still pay) or refunded (all of it). */
    status: 'requested' | 'paid' | 'failed' | 'refunded';
    payment_intent_id: string;
    requested_at: Date;
    paid_at: Date | null;
  };
  earnings: {
    streamer_id: string;
    gross_cents: Cents;
    refunded_cents: Cents;
    /** Paid gifts not refunded in full. */
    gifts_received: number;
    last_gift_at: Date | null;
  };
}

type On<T extends EventType> = ProjectionHandler<GiftsDb, TypedRecordedEvent<T>>;

const requested: On<'GiftRequested'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('gifts')
    .values({
      id: d.giftId,
      stream_id: d.streamId,
      streamer_id: d.streamerId,
      sender_id: d.senderId,
      gift_type: d.giftType,
      emoji: d.emoji,
      quantity: d.quantity,
      message: d.message,
      amount_cents: d.amountCents,
      refunded_cents: 0,
      status: 'requested',
      payment_intent_id: d.paymentIntentId,
      requested_at: new Date(d.requestedAt),
      paid_at: null,
    })
    .execute();
};

const paid: On<'GiftPaid'> = async ({ db }, { data: d }) => {
  const paidAt = new Date(d.paidAt);
  await db.updateTable('gifts').set({ status: 'paid', paid_at: paidAt }).where('id', '=', d.giftId).execute();
  await db
    .insertInto('earnings')
    .values({ streamer_id: d.streamerId, gross_cents: d.amountCents, refunded_cents: 0, gifts_received: 1, last_gift_at: paidAt })
    .onConflict((oc) =>
      oc.column('streamer_id').doUpdateSet((eb) => ({
        gross_cents: sql<number>`${eb.ref('earnings.gross_cents')} + ${d.amountCents}`,
        gifts_received: eb('earnings.gifts_received', '+', 1),
        last_gift_at: sql<Date>`greatest(${eb.ref('earnings.last_gift_at')}, ${paidAt})`,
      })),
    )
    .execute();
};

const failed: On<'GiftFailed'> = async ({ db }, { data: d }) => {
  await db.updateTable('gifts').set({ status: 'failed' }).where('id', '=', d.giftId).where('status', '=', 'requested').execute();
};

const refunded: On<'GiftRefunded'> = async ({ db }, { data: d }) => {
  const gift = await db
    .updateTable('gifts')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '+', d.refundedCents),
      status: sql<'paid' | 'refunded'>`case when refunded_cents + ${d.refundedCents} >= amount_cents then 'refunded' else status end`,
    }))
    .where('id', '=', d.giftId)
    .returning(['status'])
    .executeTakeFirst();
  // A gift refunded in full no longer counts among those received.
  const fullyRefunded = gift?.status === 'refunded' ? 1 : 0;
  await db
    .updateTable('earnings')
    .set((eb) => ({ refunded_cents: sql<number>`refunded_cents + ${d.refundedCents}`, gifts_received: eb('gifts_received', '-', fullyRefunded) }))
    .where('streamer_id', '=', d.streamerId)
    .execute();
};

const accountDeleted: On<'AccountDeleted'> = async ({ db }, { data: d }) => {
  await db.updateTable('gifts').set({ message: REDACTED_TEXT }).where('sender_id', '=', d.userId).execute();
};

export const giftsProjection = defineProjection<GiftsDb>({
  name: 'gifts',
  // 2: a deleted account's gift messages are redacted.
  version: 2,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'gifts')} (
        id text primary key,
        stream_id text not null,
        streamer_id text not null,
        sender_id text not null,
        gift_type text not null,
        emoji text not null,
        quantity integer not null,
        message text not null,
        amount_cents integer not null,
        refunded_cents integer not null,
        status text not null,
        payment_intent_id text not null,
        requested_at timestamptz not null,
        paid_at timestamptz
      );
      create index on ${sql.id(schema, 'gifts')} (stream_id) where status in ('paid', 'refunded');
      create index on ${sql.id(schema, 'gifts')} (sender_id, requested_at desc);
      create table ${sql.id(schema, 'earnings')} (
        streamer_id text primary key,
        gross_cents bigint not null,
        refunded_cents bigint not null,
        gifts_received integer not null,
        last_gift_at timestamptz
      );
    `.execute(db);
  },
  handlers: { GiftRequested: requested, GiftPaid: paid, GiftFailed: failed, GiftRefunded: refunded, AccountDeleted: accountDeleted },
});
