import {
  GIFT_CURRENCY,
  GIFT_MESSAGES,
  giftMessage,
  giftQuantity,
  type GiftEvent,
  type GiftType,
} from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveGift, initialGiftState, type GiftState, type RequestedGift } from './gift.state.ts';

/** What a viewer asks for: a gift of the catalogue (null: not in it) for a stream as it is now. */
export interface GiftRequest {
  readonly stream: { readonly id: string; readonly ownerId: string; readonly status: string };
  readonly senderId: string;
  readonly giftType: string;
  /** The catalogue's entry for `giftType`, or null when the catalogue has none. */
  readonly gift: GiftType | null;
  readonly quantity: number;
  readonly message: string;
}

export interface AllowedGift {
  readonly gift: GiftType;
  readonly quantity: number;
  readonly message: string;
  readonly amountCents: number;
}

/**
 * The rules of sending a gift, checked before any money is asked for (the route creates the
 * PaymentIntent only for an allowed gift) and again when the request is recorded.
 */
export function allowGift(request: GiftRequest): AllowedGift {
  const { stream } = request;
  if (stream.status === 'ended') throw new DomainError('stream_ended', GIFT_MESSAGES.streamNotLive, 410);
  if (stream.status !== 'live') throw new DomainError('stream_not_live', GIFT_MESSAGES.streamNotLive, 409);
  if (stream.ownerId === request.senderId) throw new DomainError('forbidden', GIFT_MESSAGES.ownStream, 403);
  if (!request.gift || request.gift.type !== request.giftType)
    throw new DomainError('unknown_gift', GIFT_MESSAGES.unknownGift, 400, 'giftType');
  const quantity = giftQuantity.safeParse(request.quantity);
  if (!quantity.success) throw new DomainError('validation_failed', GIFT_MESSAGES.quantityRange, 400, 'quantity');
  const message = giftMessage.safeParse(request.message);
  if (!message.success) throw new DomainError('validation_failed', GIFT_MESSAGES.messageTooLong, 400, 'message');
  return {
    gift: request.gift,
    quantity: quantity.data,
    message: message.data,
    amountCents: request.gift.price * quantity.data,
  };
}

/** Commands of the gift aggregate; the payment ones come from the provider's webhooks, in any order and any number of times. */
export type GiftCommand =
  | ({
      readonly type: 'RequestGift';
      readonly giftId: string;
      readonly paymentIntentId: string;
      readonly now: Date;
    } & GiftRequest)
  | { readonly type: 'RecordPaymentSucceeded'; readonly paymentIntentId: string; readonly now: Date }
  | {
      readonly type: 'RecordPaymentFailed';
      readonly paymentIntentId: string;
      readonly reason: string | null;
      readonly now: Date;
    }
  /** `totalRefundedCents`: everything refunded on the payment so far (Stripe's charge.amount_refunded). */
  | {
      readonly type: 'RecordRefund';
      readonly paymentIntentId: string;
      readonly totalRefundedCents: number;
      readonly now: Date;
    }
  /** Stripe's charge.dispute.created: the payer's bank disputes the payment. */
  | {
      readonly type: 'RecordDisputeOpened';
      readonly paymentIntentId: string;
      readonly disputeId: string;
      readonly amountCents: number;
      readonly reason: string | null;
      readonly now: Date;
    }
  /** Stripe's charge.dispute.closed: won (the money stays) or lost (it goes back to the payer). */
  | {
      readonly type: 'RecordDisputeClosed';
      readonly paymentIntentId: string;
      readonly disputeId: string;
      readonly amountCents: number;
      readonly outcome: 'won' | 'lost';
      readonly now: Date;
    };

export function decideGift(command: GiftCommand, state: GiftState): GiftEvent[] {
  if (command.type === 'RequestGift') {
    if (state.status !== 'none') throw new DomainError('gift_exists', 'This gift has already been requested', 409);
    const allowed = allowGift(command);
    return [
      {
        type: 'GiftRequested',
        data: {
          giftId: command.giftId,
          streamId: command.stream.id,
          streamerId: command.stream.ownerId,
          senderId: command.senderId,
          giftType: allowed.gift.type,
          emoji: allowed.gift.emoji,
          quantity: allowed.quantity,
          message: allowed.message,
          unitPriceCents: allowed.gift.price,
          amountCents: allowed.amountCents,
          currency: GIFT_CURRENCY,
          paymentIntentId: command.paymentIntentId,
          requestedAt: command.now.toISOString(),
        },
      },
    ];
  }
  // A payment of another gift (or of none we know) changes nothing: the webhook is acknowledged.
  if (state.status === 'none' || state.paymentIntentId !== command.paymentIntentId) return [];
  const at = command.now.toISOString();
  switch (command.type) {
    case 'RecordPaymentSucceeded': {
      // Paid once however often Stripe says so; a success after a failed attempt counts (the payer retried).
      if (state.status === 'paid' || state.status === 'refunded') return [];
      const { giftId, streamId, streamerId, senderId, giftType, quantity, amountCents, paymentIntentId } = state;
      return [
        {
          type: 'GiftPaid',
          data: {
            giftId,
            streamId,
            streamerId,
            senderId,
            giftType,
            quantity,
            amountCents,
            paymentIntentId,
            paidAt: at,
          },
        },
      ];
    }
    case 'RecordPaymentFailed':
      // Only a pending payment fails; a late failure report after the success (or a repeat) changes nothing.
      if (state.status !== 'requested') return [];
      return [
        {
          type: 'GiftFailed',
          data: { giftId: state.giftId, paymentIntentId: state.paymentIntentId, reason: command.reason, failedAt: at },
        },
      ];
    case 'RecordRefund': {
      // Stripe does not order its webhooks: a refund heard before the payment is refused, so the
      // webhook fails and Stripe delivers it again after the payment has been recorded.
      if (state.status === 'requested' || state.status === 'failed')
        throw new DomainError('gift_not_paid', 'This gift has not been paid yet', 409);
      // What a lost dispute already took back cannot be refunded as well.
      const refundedCents =
        Math.min(command.totalRefundedCents, state.amountCents - state.reversedCents) - state.refundedCents;
      if (refundedCents <= 0) return [];
      return [
        {
          type: 'GiftRefunded',
          data: {
            giftId: state.giftId,
            streamId: state.streamId,
            streamerId: state.streamerId,
            refundedCents,
            refundedAt: at,
          },
        },
      ];
    }
    case 'RecordDisputeOpened':
    case 'RecordDisputeClosed':
      return decideDispute(command, state, at);
  }
}

/**
 * Disputes, keyed by Stripe's dispute id so a repeated webhook records nothing. Like a refund, a
 * dispute heard before the payment is refused (Stripe delivers it again). A close heard before
 * its opening records both. Only a lost dispute takes money back: what is left after refunds and
 * earlier reversals, at most the disputed amount.
 */
function decideDispute(
  command: Extract<GiftCommand, { type: 'RecordDisputeOpened' | 'RecordDisputeClosed' }>,
  state: RequestedGift,
  at: string,
): GiftEvent[] {
  if (state.status === 'requested' || state.status === 'failed')
    throw new DomainError('gift_not_paid', 'This gift has not been paid yet', 409);
  const { giftId, streamId, streamerId } = state;
  const { disputeId, amountCents } = command;
  const known = state.disputes[disputeId];
  const opened: GiftEvent = {
    type: 'GiftDisputed',
    data: {
      giftId,
      streamId,
      streamerId,
      disputeId,
      amountCents,
      reason: command.type === 'RecordDisputeOpened' ? command.reason : null,
      disputedAt: at,
    },
  };
  if (command.type === 'RecordDisputeOpened') return known ? [] : [opened];
  if (known === 'won' || known === 'lost') return [];
  const left = Math.max(0, state.amountCents - state.refundedCents - state.reversedCents);
  const reversedCents = command.outcome === 'lost' ? Math.min(amountCents, left) : 0;
  const closed: GiftEvent = {
    type: 'GiftDisputeClosed',
    data: { giftId, streamId, streamerId, disputeId, status: command.outcome, reversedCents, closedAt: at },
  };
  return known ? [closed] : [opened, closed];
}

export const giftDecider: Decider<GiftState, GiftCommand, GiftEvent> = {
  initialState: initialGiftState,
  decide: decideGift,
  evolve: evolveGift,
};
