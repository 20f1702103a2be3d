import type { EventMetadata } from '@myworld/schemas';
import type { GiftsContext } from './context.ts';
import type { GiftCommand } from '@myworld/write-model/gifts';
import { runGiftCommand } from '@myworld/write-model/gifts';
import type { PaymentNotice } from './payments/payments-port.ts';

/** The gift command a verified payment notice asks for (null: nothing to record). */
function commandFor(notice: PaymentNotice, now: Date): GiftCommand | null {
  switch (notice.kind) {
    case 'succeeded':
      return { type: 'RecordPaymentSucceeded', paymentIntentId: notice.paymentIntentId, now };
    case 'failed':
      return { type: 'RecordPaymentFailed', paymentIntentId: notice.paymentIntentId, reason: notice.reason, now };
    case 'refunded':
      return {
        type: 'RecordRefund',
        paymentIntentId: notice.paymentIntentId,
        totalRefundedCents: notice.totalRefundedCents,
        now,
      };
    case 'dispute_opened':
      return {
        type: 'RecordDisputeOpened',
        paymentIntentId: notice.paymentIntentId,
        disputeId: notice.disputeId,
        amountCents: notice.amountCents,
        reason: notice.reason,
        now,
      };
    case 'dispute_closed':
      return {
        type: 'RecordDisputeClosed',
        paymentIntentId: notice.paymentIntentId,
        disputeId: notice.disputeId,
        amountCents: notice.amountCents,
        outcome: notice.outcome,
        now,
      };
    case 'ignored':
      return null;
  }
}

/** The gift a notice is about: its metadata names it; a dispute's is the metadata of the PaymentIntent it names. */
async function giftOf(ctx: GiftsContext, notice: PaymentNotice): Promise<string | undefined> {
  if (notice.kind === 'ignored') return undefined;
  if (notice.kind === 'dispute_opened' || notice.kind === 'dispute_closed')
    return (await ctx.payments.paymentIntentMetadata(notice.paymentIntentId))?.giftId;
  return notice.metadata.giftId;
}

/**
 * Records what the payment provider said on the gift its metadata names (a repeat records
 * nothing: the aggregate knows). The stream's room hears of a paid gift from the live reactor.
 */
export async function recordPayment(ctx: GiftsContext, notice: PaymentNotice, metadata: EventMetadata): Promise<void> {
  const command = commandFor(notice, new Date());
  const giftId = await giftOf(ctx, notice);
  if (!command || !giftId) return;
  // gift_received goes to the stream's room from the live reactor (gift-reactions.ts), never from here.
  await runGiftCommand(ctx.store, giftId, command, { metadata });
}
