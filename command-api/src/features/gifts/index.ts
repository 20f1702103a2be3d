import { giftReactions } from './gift-reactions.ts';
import { defineFeature } from '../../platform/feature.ts';
import { giftsConfig } from './config.ts';
import { giftsContext } from './context.ts';
import { devConfirmPayment, devDeclinePayment, devRefundPayment } from './dev/payment-actions.ts';
import { devPaymentPage } from './dev/payment-page.ts';
import { getEarnings } from './routes/get-earnings.ts';
import { getPaymentsConfig } from './routes/get-payments-config.ts';
import { listGifts } from './routes/list-gifts.ts';
import { paymentWebhook } from './routes/payment-webhook.ts';
import { sendGift } from './routes/send-gift.ts';

/**
 * Paid gifts: the catalogue, sending one (a PaymentIntent), the provider's webhook that records
 * the payment and tells the stream's room, and the streamer's earnings. Without Stripe keys the
 * development provider stands in where /dev/outbox runs, with its own pages under /dev/payments (404 anywhere else).
 */
export const gifts = defineFeature({
  name: 'gifts',
  config: giftsConfig,
  context: giftsContext,
  reactions: giftReactions,
  routes: [
    listGifts,
    sendGift,
    getPaymentsConfig,
    paymentWebhook,
    getEarnings,
    devPaymentPage,
    devConfirmPayment,
    devDeclinePayment,
    devRefundPayment,
  ],
});
