import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { AUTH_MESSAGES } from '@myworld/schemas';
import { emailToken, hashToken } from '@myworld/schemas/server';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

describe('emailed links: verify-email, resend-verification, forgot-password, reset-password', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_emails', workers: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function signedUp(
    label: string,
    ip?: string,
  ): Promise<{ body: ReturnType<typeof newRegistration>; client: TestClient; id: string }> {
    const body = newRegistration(label);
    const client = h.client(ip ? { ip } : {});
    expect((await client.post('/api/auth/register', body)).statusCode).toBe(201);
    const id = (await client.get('/api/auth/user')).json().id as string;
    return { body, client, id };
  }

  /** The path and query of the newest emailed link to `to` whose subject matches. */
  async function linkIn(to: string, subject: RegExp, nth = 1): Promise<string> {
    await h.mail.waitFor(
      (m) =>
        m.to.includes(to) &&
        subject.test(m.subject) &&
        h.mail.messages.filter((x) => x.to.includes(to) && subject.test(x.subject)).length >= nth,
    );
    const mails = h.mail.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
    const url = new URL(mails[nth - 1]!.links[0]!);
    return `${url.pathname}${url.search}`;
  }

  describe('verification', () => {
    it('the emailed link verifies the email and redirects to /?verified=true; it works once', async () => {
      const { body, client } = await signedUp('verify');
      const link = await linkIn(body.email, /Verify/);
      const res = await h.client().get(link);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?verified=true');
      // The redirect carries the command's position: reading with it sees the verification.
      const position = String(res.headers['x-position']);
      expect((await client.get('/api/auth/user', { 'x-min-position': position })).json()).toMatchObject({
        emailVerified: true,
      });
      const again = await h.client().get(link);
      expect(again.headers.location).toBe('/?error=invalid-token');
    });

    it('a malformed, unknown or forged token redirects to /?error=invalid-token', async () => {
      const { id } = await signedUp('forged');
      for (const token of [
        '',
        'abc',
        `${id}.${'A'.repeat(43)}`,
        emailToken('some-other-secret-of-32-characters-at-least', id, randomUUID()),
        emailToken(h.config.TOKEN_SECRET, randomUUID(), randomUUID()),
      ]) {
        const res = await h.client().get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/?error=invalid-token');
      }
      expect((await h.client().get('/api/auth/verify-email')).headers.location).toBe('/?error=invalid-token');
    });

    it('a token older than 24 hours redirects to /?error=expired-token', async () => {
      const { body, id } = await signedUp('expired');
      const tokenId = randomUUID();
      const token = emailToken(h.config.TOKEN_SECRET, id, tokenId);
      await h.store.append(`user-${id}`, expected.any, [
        {
          id: randomUUID(),
          type: 'EmailVerificationRequested',
          data: {
            userId: id,
            email: body.email,
            reason: 'resend',
            tokenId,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() - 1000).toISOString(),
          },
          metadata: testMetadata(),
        },
      ]);
      const res = await h.client().get(`/api/auth/verify-email?token=${token}`);
      expect(res.headers.location).toBe('/?error=expired-token');
    });

    it('resend mails a second working link; 401 for visitors; 409 once verified', async () => {
      expect((await h.client().post('/api/auth/resend-verification', {})).statusCode).toBe(401);
      const { body, client } = await signedUp('resend');
      const res = await client.post('/api/auth/resend-verification', {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: `A new verification link is on its way to ${body.email}.`,
        position: expect.any(String),
      });
      const second = await linkIn(body.email, /Verify/, 2);
      expect((await h.client().get(second)).headers.location).toBe('/?verified=true');
      const after = await client.post('/api/auth/resend-verification', {});
      expect(after.statusCode).toBe(409);
      expect(after.json()).toEqual({ error: 'already_verified', message: 'Your email is already verified.' });
    });

    it('at most 5 resends an hour (429)', async () => {
      const { client } = await signedUp('resendcap');
      for (let i = 0; i < 5; i++) expect((await client.post('/api/auth/resend-verification', {})).statusCode).toBe(200);
      const capped = await client.post('/api/auth/resend-verification', {});
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe('Too many verification emails requested. Please wait an hour and try again.');
    });

    it('parallel resends cannot pass the cap together: 5 of 8 at once are mailed, the rest get 429', async () => {
      // From an address of its own, so the per-address limit (10 an hour) is not what stops them.
      const { client } = await signedUp('resendrace', '10.0.0.8');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => client.post('/api/auth/resend-verification', {})),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    });
  });

  describe('password reset', () => {
    it('forgot-password answers the same for known and unknown emails, and mails only the known one', async () => {
      const { body } = await signedUp('forgot');
      const known = await h.client().post('/api/auth/forgot-password', { email: body.email.toUpperCase() });
      const unknown = await h.client().post('/api/auth/forgot-password', { email: 'nobody-here@example.test' });
      for (const r of [known, unknown]) {
        expect(r.statusCode).toBe(200);
        expect(r.json()).toEqual({ message: AUTH_MESSAGES.forgotPasswordSent });
        expect(r.headers['x-position']).toBeUndefined();
      }
      expect(await linkIn(body.email, /Reset/)).toMatch(/^\/reset-password-form\?token=[0-9a-f-]{36}\.[\w-]{43}$/);
      await sleep(500);
      expect(h.mail.messages.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
    });

    it('400 naming email when it is missing or malformed', async () => {
      const missing = await h.client().post('/api/auth/forgot-password', { email: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        error: 'validation_failed',
        field: 'email',
        message: 'Please enter your email address.',
      });
      expect((await h.client().post('/api/auth/forgot-password', { email: 'nope' })).json()).toMatchObject({
        field: 'email',
      });
    });

    it('the emailed token resets the password once, signs out every session, and the new password works', async () => {
      const { body, client } = await signedUp('reset');
      const other = h.client();
      expect((await other.post('/api/auth/login', { email: body.email, password: body.password })).statusCode).toBe(
        200,
      );
      await h.client().post('/api/auth/forgot-password', { email: body.email });
      const token = new URL(await linkIn(body.email, /Reset/), 'http://x').searchParams.get('token')!;

      const res = await h.client().post('/api/auth/reset-password', { token, password: 'Brand-New-42' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Your password has been reset. Please sign in with your new password.',
      });
      expect((await client.get('/api/auth/user')).statusCode).toBe(401);
      expect((await other.get('/api/auth/user')).statusCode).toBe(401);

      expect(
        (await h.client().post('/api/auth/login', { email: body.email, password: body.password })).statusCode,
      ).toBe(401);
      expect(
        (await h.client().post('/api/auth/login', { email: body.email, password: 'Brand-New-42' })).statusCode,
      ).toBe(200);

      const reused = await h.client().post('/api/auth/reset-password', { token, password: 'Another-New-42' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json()).toEqual({
        error: 'invalid_reset_token',
        field: 'token',
        message: 'The password reset link is invalid or has expired.',
      });
    });

    it('a reset token older than an hour is refused with 410', async () => {
      const { body, id } = await signedUp('resetold');
      const tokenId = randomUUID();
      const token = emailToken(h.config.TOKEN_SECRET, id, tokenId);
      await h.store.append(`user-${id}`, expected.any, [
        {
          id: randomUUID(),
          type: 'PasswordResetRequested',
          data: {
            userId: id,
            email: body.email,
            tokenId,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() - 1).toISOString(),
          },
          metadata: testMetadata(),
        },
      ]);
      const res = await h.client().post('/api/auth/reset-password', { token, password: 'Brand-New-42' });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({
        error: 'expired_reset_token',
        field: 'token',
        message: 'The password reset link has expired. Please request a new one.',
      });
    });

    it.each([
      ['token', { password: 'Brand-New-42' }, 'The password reset link is invalid or has expired.'],
      ['token', { token: 'made-up', password: 'Brand-New-42' }, 'The password reset link is invalid or has expired.'],
      ['password', { token: 'x', password: 'weak' }, 'Please ensure your password meets all requirements.'],
    ])('400 naming %s for %j', async (field, body, message) => {
      const res = await h.client().post('/api/auth/reset-password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    });
  });

  it('the reactor enqueued each email once, by event id', async () => {
    const counts = await h.emailQueue().getJobCounts('completed', 'failed', 'waiting', 'active', 'delayed');
    expect(counts.failed).toBe(0);
    const ids = new Set(h.mail.messages.map((m) => m.messageId));
    expect(ids.size).toBe(h.mail.messages.length);
  });

  it('replaying the log from 0 rebuilds the users read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, usersProjection, ['users']);
    expect(rows.users).toBeGreaterThan(5);
    expect(differences).toEqual({ users: 0 });
  });
});
