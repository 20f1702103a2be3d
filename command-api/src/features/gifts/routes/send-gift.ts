import { GIFT_CURRENCY, sendGiftBody, sendGiftResponse, streamIdParam, type EventData } from '@myworld/schemas';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { loadLiveStream } from '@myworld/write-model/live-streams';
import { giftsRoute } from '../context.ts';
import { allowGift, runGiftCommand, storedGiftRequest } from '@myworld/write-model/gifts';
import type { PaymentIntentRequest } from '../payments/payments-port.ts';

type Requested = Pick<
  EventData<'GiftRequested'>,
  'giftId' | 'streamId' | 'senderId' | 'giftType' | 'quantity' | 'amountCents'
>;

/** The PaymentIntent of a gift: keyed by the gift, so a retried request pays for it once. */
function paymentIntentFor(gift: Requested): PaymentIntentRequest {
  return {
    amountCents: gift.amountCents,
    currency: GIFT_CURRENCY,
    metadata: {
      giftId: gift.giftId,
      streamId: gift.streamId,
      senderId: gift.senderId,
      giftType: gift.giftType,
      quantity: String(gift.quantity),
    },
    idempotencyKey: `gift-${gift.giftId}`,
  };
}

/**
 * Sends a gift: checks the rules, creates the PaymentIntent (price × quantity, in dollars) and
 * records GiftRequested; the gift counts once the provider's webhook says it was paid.
 */
export const sendGift = giftsRoute({
  method: 'POST',
  url: '/api/streams/:id/gift',
  summary: 'Send a gift to a live stream',
  description:
    "Answers the PaymentIntent's client secret and the page that confirms it. 403 on your own stream, 404 unknown stream, 410 ended (409 not live), 400 unknown gift, 503 when no payment provider is configured (no Stripe keys, and the development provider does not run here). With an Idempotency-Key a retry answers the same gift and PaymentIntent.",
  config: { auth: 'user', command: 'RequestGift', limit: 'gifts' },
  schema: { params: streamIdParam, body: sendGiftBody, response: { 201: sendGiftResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    // A retry with the same Idempotency-Key names the same gift, hence the same PaymentIntent.
    const giftId = newAggregateId(context, userId, 'gift');
    const streamId = request.params.id;
    const returnTo = `/stream/${streamId}`;

    // Retried: answered from what was recorded, even if the stream ended since (422 if the key was used for another request).
    const stored = await storedGiftRequest(ctx.store, giftId, context);
    if (stored && stored.state.status !== 'none') {
      const intent = await ctx.payments.retrievePaymentIntent(stored.state.paymentIntentId);
      const body = {
        giftId,
        paymentIntentId: intent.id,
        clientSecret: intent.clientSecret,
        amountCents: stored.state.amountCents,
        confirmUrl: ctx.payments.confirmUrl(intent, returnTo),
      };
      return replyWithPosition(reply, stored.position, body, 201);
    }

    const stream = await loadLiveStream(ctx.store, streamId);
    const giftRequest = {
      stream: { id: streamId, ownerId: stream.ownerId, status: stream.status },
      senderId: userId,
      giftType: request.body.giftType,
      gift: ctx.catalogue.find((g) => g.type === request.body.giftType) ?? null,
      quantity: request.body.quantity,
      message: request.body.message,
    };
    const allowed = allowGift(giftRequest);
    const intent = await ctx.payments.createPaymentIntent(
      paymentIntentFor({
        giftId,
        streamId,
        senderId: userId,
        giftType: allowed.gift.type,
        quantity: allowed.quantity,
        amountCents: allowed.amountCents,
      }),
    );
    const result = await runGiftCommand(
      ctx.store,
      giftId,
      { type: 'RequestGift', giftId, paymentIntentId: intent.id, now: new Date(), ...giftRequest },
      context,
    );
    const body = {
      giftId,
      paymentIntentId: intent.id,
      clientSecret: intent.clientSecret,
      amountCents: allowed.amountCents,
      confirmUrl: ctx.payments.confirmUrl(intent, returnTo),
    };
    return replyWithPosition(reply, result.position, body, 201);
  },
});
