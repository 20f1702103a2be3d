import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRegistration, startProduct, type RunningProduct } from './index.ts';

describe('startProduct: the whole product as `npm start` runs it', () => {
  let product: RunningProduct;
  beforeAll(async () => {
    product = await startProduct();
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('answers /healthz, registers over HTTP, and its workers mail the verification link over SMTP', async () => {
    expect((await fetch(`${product.baseUrl}/healthz`)).status).toBe(200);
    const body = newRegistration('product');
    const res = await fetch(`${product.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    const mail = await product.mail.waitFor((m) => m.to.includes(body.email), 30_000);
    expect(mail.links[0]).toContain(`${product.baseUrl}/api/auth/verify-email?token=`);
  });
});
