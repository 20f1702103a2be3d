import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { signedDevWebhook } from '../payments/dev-payment-events.ts';

/**
 * Where this server takes webhooks: its own listening address (the development provider posts
 * to the very server that runs it, whatever port it got), else PUBLIC_URL.
 */
export function ownWebhookUrl(server: FastifyInstance, publicUrl: string): string {
  const addresses = server.addresses().filter((a): a is AddressInfo => typeof a !== 'string');
  const address = addresses.find((a) => a.family === 'IPv4') ?? addresses[0];
  if (!address) return new URL('/api/payments/webhook', publicUrl).toString();
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}/api/payments/webhook`;
}

/** Sends `event` signed with `secret` over HTTP as Stripe does; answers the webhook's status. */
export async function deliverDevWebhook(url: string, event: Record<string, unknown>, secret: string): Promise<number> {
  const { payload, signature } = signedDevWebhook(event, secret);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return response.status;
}
