import { z } from 'zod';
import { formatCents, GIFT_MESSAGES, type GiftType } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { giftsRoute } from '../context.ts';
import type { DevPaymentIntent } from '../payments/dev-payment-events.ts';
import { sameSitePath } from './return-to.ts';
import { escapeHtml } from '@myworld/schemas/server';

function page(intent: DevPaymentIntent, gift: GiftType | undefined, returnTo: string): string {
  const quantity = Number(intent.metadata.quantity ?? 1);
  const name = `${gift?.emoji ?? '🎁'} ${quantity} × ${intent.metadata.giftType ?? 'gift'}`;
  const back = `?return_to=${encodeURIComponent(returnTo)}`;
  // text/plain forms: Fastify reads them without a form parser, and the actions take no fields.
  const action = (verb: string, label: string, style: string) =>
    `<form method="post" enctype="text/plain" action="/dev/payments/${encodeURIComponent(intent.id)}/${verb}${back}"><button class="${style}">${label}</button></form>`;
  const settled = intent.status === 'succeeded';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MyWorld development payment</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:3rem auto;padding:0 1rem;color:#1f2937}
.card{border:1px solid #e5e7eb;border-radius:12px;padding:1.5rem}h1{font-size:1.2rem;margin:0 0 1rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.note{color:#6b7280}.error{color:#b91c1c}.row{display:flex;gap:.75rem;margin-top:1rem}button{font:inherit;padding:.6rem 1.4rem;border-radius:8px;border:1px solid #d1d5db;cursor:pointer}
.pay{background:#16a34a;color:#fff;border-color:#16a34a}.decline{background:#fff}</style></head>
<body><div class="card"><h1>Development payment</h1><p>${escapeHtml(name)}</p><p class="amount">${formatCents(intent.amount)}</p>
<p class="note">${escapeHtml(GIFT_MESSAGES.final)}</p>
${intent.last_payment_error && !settled ? `<p class="error">${escapeHtml(intent.last_payment_error.message)}</p>` : ''}
${settled ? `<p>${escapeHtml(GIFT_MESSAGES.paymentSettled)}</p><p><a href="${escapeHtml(returnTo)}">Back</a></p>` : `<div class="row">${action('confirm', 'Pay', 'pay')}${action('decline', 'Decline', 'decline')}</div>`}
<p class="note">No money moves: this page stands in for Stripe while STRIPE_SECRET_KEY is not set.</p></div></body></html>`;
}

/** GET /dev/payments/{id}: the development provider's confirmation page (Pay or Decline). Development only. */
export const devPaymentPage = giftsRoute({
  method: 'GET',
  url: '/dev/payments/:paymentIntentId',
  summary: 'Development payment page (no Stripe configured)',
  description: 'Only with the development payment provider; 404 otherwise.',
  config: { auth: 'visitor', readModel: { none: "the development provider's payment, kept in Redis" } },
  schema: {
    params: z.object({ paymentIntentId: z.string().max(100) }),
    querystring: z.object({ return_to: z.string().max(500).optional() }),
    response: { 200: z.string().describe('An HTML page') },
  },
  handler: async ({ request, reply, ctx }) => {
    const intent = await ctx.devPayments?.intent(request.params.paymentIntentId);
    if (!intent) throw new DomainError('not_found', GIFT_MESSAGES.paymentNotFound, 404);
    const gift = ctx.catalogue.find((g) => g.type === intent.metadata.giftType);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(intent, gift, sameSitePath(request.query.return_to)));
  },
});
