import { sql, type ColumnType, type Generated } from 'kysely';
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
    /** Taken back by lost disputes. */
    reversed_cents: Generated<number>;
    /** The latest dispute's state: open, won or lost (null: never disputed). */
    dispute_status: Generated<'open' | 'won' | 'lost' | null>;
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
    /** Taken back by disputes the streamer lost. */
    reversed_cents: ColumnType<string, number | undefined, number>;
    /** Paid gifts not refunded (or taken back by a lost dispute) in full. */
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
    .values({
      streamer_id: d.streamerId,
      gross_cents: d.amountCents,
      refunded_cents: 0,
      gifts_received: 1,
      last_gift_at: paidAt,
    })
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
  await db
    .updateTable('gifts')
    .set({ status: 'failed' })
    .where('id', '=', d.giftId)
    .where('status', '=', 'requested')
    .execute();
};

/** A paid gift counts among those received while part of its money is still the streamer's. */
const stillCounts = (amountCents: number, takenBackCents: number) => takenBackCents < amountCents;

const refunded: On<'GiftRefunded'> = async ({ db }, { data: d }) => {
  const gift = await db
    .updateTable('gifts')
    .set((eb) => ({
      refunded_cents: eb('refunded_cents', '+', d.refundedCents),
      status: sql<
        'paid' | 'refunded'
      >`case when refunded_cents + ${d.refundedCents} >= amount_cents then 'refunded' else status end`,
    }))
    .where('id', '=', d.giftId)
    .returning(['reversed_cents', 'refunded_cents', 'amount_cents'])
    .executeTakeFirst();
  // A gift given back in full (refunds and lost disputes together) no longer counts among those received.
  const uncounted =
    gift &&
    stillCounts(gift.amount_cents, gift.refunded_cents - d.refundedCents + gift.reversed_cents) &&
    !stillCounts(gift.amount_cents, gift.refunded_cents + gift.reversed_cents)
      ? 1
      : 0;
  await db
    .updateTable('earnings')
    .set((eb) => ({
      refunded_cents: sql<number>`refunded_cents + ${d.refundedCents}`,
      gifts_received: eb('gifts_received', '-', uncounted),
    }))
    .where('streamer_id', '=', d.streamerId)
    .execute();
};

const disputed: On<'GiftDisputed'> = async ({ db }, { data: d }) => {
  await db.updateTable('gifts').set({ dispute_status: 'open' }).where('id', '=', d.giftId).execute();
};

// A lost dispute takes its money back from the streamer, as a refund does; a won one changes no money.
const disputeClosed: On<'GiftDisputeClosed'> = async ({ db }, { data: d }) => {
  const before = await db
    .selectFrom('gifts')
    .select(['amount_cents', 'refunded_cents', 'reversed_cents'])
    .where('id', '=', d.giftId)
    .executeTakeFirst();
  await db
    .updateTable('gifts')
    .set((eb) => ({ dispute_status: d.status, reversed_cents: eb('reversed_cents', '+', d.reversedCents) }))
    .where('id', '=', d.giftId)
    .execute();
  if (!before || d.reversedCents === 0) return;
  const takenBack = before.refunded_cents + before.reversed_cents;
  const uncounted =
    stillCounts(before.amount_cents, takenBack) && !stillCounts(before.amount_cents, takenBack + d.reversedCents)
      ? 1
      : 0;
  await db
    .updateTable('earnings')
    .set((eb) => ({
      reversed_cents: sql<number>`reversed_cents + ${d.reversedCents}`,
      gifts_received: eb('gifts_received', '-', uncounted),
    }))
    .where('streamer_id', '=', d.streamerId)
    .execute();
};

const accountDeleted: On<'AccountDeleted'> = async ({ db }, { data: d }) => {
  await db.updateTable('gifts').set({ message: REDACTED_TEXT }).where('sender_id', '=', d.userId).execute();
};

export const giftsProjection = defineProjection<GiftsDb>({
  name: 'gifts',
  // 2: a deleted account's gift messages are redacted.
  // 3: disputes (dispute_status), and a lost one's money taken back (reversed_cents).
  version: 3,
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
        reversed_cents integer not null default 0,
        dispute_status text,
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
        reversed_cents bigint not null default 0,
        gifts_received integer not null,
        last_gift_at timestamptz
      );
    `.execute(db);
  },
  handlers: {
    GiftRequested: requested,
    GiftPaid: paid,
    GiftFailed: failed,
    GiftRefunded: refunded,
    GiftDisputed: disputed,
    GiftDisputeClosed: disputeClosed,
    AccountDeleted: accountDeleted,
  },
});
