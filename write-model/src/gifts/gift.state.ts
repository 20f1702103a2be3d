import type { GiftEvent } from '@myworld/schemas';

/** The gift aggregate (`gift-{id}`) as its events leave it. */
export type GiftState =
  | { readonly status: 'none' }
  | {
      /** `failed` is not final: Stripe lets the payer try again on the same PaymentIntent. */
      readonly status: 'requested' | 'paid' | 'failed' | 'refunded';
      readonly giftId: string;
      readonly streamId: string;
      readonly streamerId: string;
      readonly senderId: string;
      readonly giftType: string;
      readonly emoji: string;
      readonly quantity: number;
      readonly message: string;
      readonly amountCents: number;
      readonly paymentIntentId: string;
      /** Refunded so far (refunds may be partial, and Stripe reports them cumulatively). */
      readonly refundedCents: number;
      /** Taken back by lost disputes. */
      readonly reversedCents: number;
      /** Each dispute heard of (Stripe's dp_... id): open until closed won or lost. */
      readonly disputes: Readonly<Record<string, 'open' | 'won' | 'lost'>>;
    };

export type RequestedGift = Exclude<GiftState, { status: 'none' }>;

export const initialGiftState = (): GiftState => ({ status: 'none' });

export function evolveGift(state: GiftState, event: GiftEvent): GiftState {
  switch (event.type) {
    case 'GiftRequested': {
      const d = event.data;
      return {
        status: 'requested',
        giftId: d.giftId,
        streamId: d.streamId,
        streamerId: d.streamerId,
        senderId: d.senderId,
        giftType: d.giftType,
        emoji: d.emoji,
        quantity: d.quantity,
        message: d.message,
        amountCents: d.amountCents,
        paymentIntentId: d.paymentIntentId,
        refundedCents: 0,
        reversedCents: 0,
        disputes: {},
      };
    }
    case 'GiftPaid':
      return state.status === 'none' ? state : { ...state, status: 'paid' };
    case 'GiftFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
    case 'GiftRefunded': {
      if (state.status === 'none') return state;
      const refundedCents = state.refundedCents + event.data.refundedCents;
      // Partly refunded, the gift still counts (for what is left); fully refunded, it no longer does.
      return { ...state, refundedCents, status: refundedCents >= state.amountCents ? 'refunded' : 'paid' };
    }
    case 'GiftDisputed':
      return state.status === 'none'
        ? state
        : { ...state, disputes: { ...state.disputes, [event.data.disputeId]: 'open' } };
    case 'GiftDisputeClosed':
      if (state.status === 'none') return state;
      return {
        ...state,
        reversedCents: state.reversedCents + event.data.reversedCents,
        disputes: { ...state.disputes, [event.data.disputeId]: event.data.status },
      };
    default:
      return state;
  }
}
