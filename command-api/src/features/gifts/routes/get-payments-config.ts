import { paymentsConfigResponse } from '@myworld/schemas';
import { giftsRoute } from '../context.ts';

/** What the confirmation page needs: which provider, and Stripe's publishable key. */
export const getPaymentsConfig = giftsRoute({
  method: 'GET',
  url: '/api/payments/config',
  summary: 'The payment provider and its publishable key',
  config: { auth: 'visitor', readModel: { none: 'the configuration' } },
  schema: { response: { 200: paymentsConfigResponse } },
  handler: async ({ ctx }) => ({ provider: ctx.payments.provider, publishableKey: ctx.payments.publishableKey }),
});
