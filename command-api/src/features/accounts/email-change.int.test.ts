import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { usersProjection } from '@myworld/projections';
import { replayDifferences } from '@myworld/projections/testing';
import { ACCOUNTS_STREAMS, AUTH_MESSAGES } from '@myworld/schemas';
import { emailToken, hashToken } from '@myworld/schemas/server';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

describe('email change: POST /api/auth/email-change, the link to the new address, POST /api/auth/email-change/confirm', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_email_change', workers: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  let addresses = 0;
  /** A registered, signed-in user with a client of their own (each from its own address, so throttles never meet). */
  async function signedUp(label: string) {
    const body = newRegistration(label);
    const client = h.client({ ip: `10.6.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });
    expect((await client.post('/api/auth/register', body)).statusCode).toBe(201);
    const id = (await client.get('/api/auth/user')).json().id as string;
    return { ...body, id, client };
  }
  const newAddress = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.test`;
  const change = (client: TestClient, body: object, headers: Record<string, string> = {}) =>
    client.post('/api/auth/email-change', body, headers);
  const confirm = (token: string) => h.client().post('/api/auth/email-change/confirm', { token });

  /** The token of the newest confirmation link mailed to `to`. */
  async function mailedToken(to: string): Promise<string> {
    const mail = await h.mail.waitFor((m) => m.to.includes(to) && /Confirm your new email/.test(m.subject));
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/confirm-email-change');
    return link.searchParams.get('token')!;
  }

  it('refuses a blank or invalid address, the current one, a missing or wrong password, and visitors; nothing is recorded', async () => {
    expect((await change(h.client(), { newEmail: newAddress('x'), password: 'Secret123' })).statusCode).toBe(401);
    const user = await signedUp('refused');
    const cases: Array<[object, number, string, string]> = [
      [{ newEmail: '  ', password: user.password }, 400, 'newEmail', AUTH_MESSAGES.emailRequired],
      [{ newEmail: 'not-an-address', password: user.password }, 400, 'newEmail', AUTH_MESSAGES.invalidEmail],
      [{ newEmail: newAddress('a') }, 400, 'password', AUTH_MESSAGES.passwordRequiredToChangeEmail],
      [
        { newEmail: ` ${user.email.toUpperCase()} `, password: user.password },
        400,
        'newEmail',
        AUTH_MESSAGES.sameEmail,
      ],
      [{ newEmail: newAddress('b'), password: 'Wrong1234' }, 403, 'password', AUTH_MESSAGES.wrongPasswordToChangeEmail],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await change(user.client, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ field, message });
    }
    expect((await h.store.readStream(ACCOUNTS_STREAMS.user(user.id))).map((e) => e.type)).not.toContain(
      'EmailChangeRequested',
    );
  });

  it('the link mailed to the new address moves the account there: sign-in, the read model and registration follow; the old address is told and freed', async () => {
    const user = await signedUp('mover');
    const target = newAddress('moved');
    const requested = await change(user.client, { newEmail: target.toUpperCase(), password: user.password });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({ message: AUTH_MESSAGES.emailChangeSent });
    const token = await mailedToken(target);
    // Nothing changes before the link is followed.
    expect((await user.client.get('/api/auth/user')).json().email).toBe(user.email);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: AUTH_MESSAGES.emailChanged,
      email: target,
      position: expect.any(String),
    });
    const me = (await user.client.get('/api/auth/user', { 'x-min-position': confirmed.json().position })).json();
    expect(me).toMatchObject({ email: target, emailVerified: true });

    expect(
      (await h.client({ ip: '10.5.0.1' }).post('/api/auth/login', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    expect(
      (await h.client({ ip: '10.5.0.2' }).post('/api/auth/login', { email: target, password: user.password }))
        .statusCode,
    ).toBe(200);

    const notice = await h.mail.waitFor((m) => m.to.includes(user.email) && /was changed/.test(m.subject));
    expect(notice.text).toContain(`${target[0]}***@example.test`);
    expect(notice.text).not.toContain(target);

    // The link works once; the old address is free, the new one taken.
    expect((await confirm(token)).json()).toMatchObject({ error: 'invalid_token', field: 'token' });
    expect(
      (
        await h
          .client({ ip: '10.5.0.3' })
          .post('/api/auth/register', { ...newRegistration('oldaddr'), email: user.email })
      ).statusCode,
    ).toBe(201);
    const clash = await h
      .client({ ip: '10.5.0.4' })
      .post('/api/auth/register', { ...newRegistration('newaddr'), email: target });
    expect(clash.json()).toMatchObject({ error: 'email_taken', field: 'email' });
  });

  it("another account's address is 409 naming newEmail; one taken between the request and the link is 409 at confirmation, and nothing changes", async () => {
    const user = await signedUp('blocked');
    const other = await signedUp('owner');
    const taken = await change(user.client, { newEmail: other.email, password: user.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'email_taken', field: 'newEmail', message: AUTH_MESSAGES.emailTaken });

    const target = newAddress('raced');
    expect((await change(user.client, { newEmail: target, password: user.password })).statusCode).toBe(200);
    const token = await mailedToken(target);
    expect(
      (await h.client({ ip: '10.5.1.1' }).post('/api/auth/register', { ...newRegistration('racer'), email: target }))
        .statusCode,
    ).toBe(201);
    const late = await confirm(token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'email_taken', field: 'token' });
    expect(
      (await h.client({ ip: '10.5.1.2' }).post('/api/auth/login', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });

  it('says nothing about the new address before the password is right: a wrong password with a taken address is 403 naming password, not 409', async () => {
    const user = await signedUp('prober');
    const other = await signedUp('probed');
    const probe = await change(user.client, { newEmail: other.email, password: 'Wrong1234' });
    expect(probe.statusCode).toBe(403);
    expect(probe.json()).toMatchObject({
      error: 'wrong_password',
      field: 'password',
      message: AUTH_MESSAGES.wrongPasswordToChangeEmail,
    });
    // The same answer as for a free address: nothing tells the two apart.
    const free = await change(user.client, { newEmail: newAddress('free'), password: 'Wrong1234' });
    expect({ status: free.statusCode, body: free.json() }).toEqual({ status: probe.statusCode, body: probe.json() });
  });

  it('limits every attempt, confirmed or not: past 10 an hour the account gets 429 with Retry-After, so addresses cannot be tested in bulk', async () => {
    const user = await signedUp('enumerator');
    const others = [];
    for (let i = 0; i < 4; i++) others.push(await signedUp(`taken${i}`));
    // Two wrong passwords, then right ones against taken addresses (409): all count.
    for (let i = 0; i < 2; i++)
      expect((await change(user.client, { newEmail: others[0]!.email, password: 'Wrong1234' })).statusCode).toBe(403);
    for (let i = 0; i < 8; i++)
      expect((await change(user.client, { newEmail: others[i % 4]!.email, password: user.password })).statusCode).toBe(
        409,
      );
    const refused = await change(user.client, { newEmail: others[1]!.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      error: 'too_many_attempts',
      message: AUTH_MESSAGES.tooManyEmailChangeRequests,
    });
  });

  it('a newer request replaces the older link; a forged or unknown token is 400; an expired one is 410 and reserves nothing', async () => {
    const user = await signedUp('changer');
    const first = newAddress('first');
    const second = newAddress('second');
    expect((await change(user.client, { newEmail: first, password: user.password })).statusCode).toBe(200);
    const firstToken = await mailedToken(first);
    expect((await change(user.client, { newEmail: second, password: user.password })).statusCode).toBe(200);
    await mailedToken(second);
    expect((await confirm(firstToken)).json()).toMatchObject({
      error: 'invalid_token',
      field: 'token',
      message: AUTH_MESSAGES.emailChangeLinkInvalid,
    });
    for (const token of [
      'abc',
      emailToken(h.config.TOKEN_SECRET, user.id, randomUUID()),
      emailToken('some-other-secret-of-32-characters-at-least', user.id, randomUUID()),
    ]) {
      expect((await confirm(token)).statusCode).toBe(400);
    }
    expect((await confirm('')).json()).toMatchObject({ field: 'token' });

    const stale = newAddress('stale');
    const tokenId = randomUUID();
    const token = emailToken(h.config.TOKEN_SECRET, user.id, tokenId);
    await h.store.append(ACCOUNTS_STREAMS.user(user.id), expected.any, [
      {
        id: randomUUID(),
        type: 'EmailChangeRequested',
        data: {
          userId: user.id,
          newEmail: stale,
          tokenId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({
      error: 'expired_token',
      field: 'token',
      message: AUTH_MESSAGES.emailChangeLinkExpired,
    });
    expect(
      (await h.client({ ip: '10.5.2.1' }).post('/api/auth/register', { ...newRegistration('stale'), email: stale }))
        .statusCode,
    ).toBe(201);
  });

  it('a retry under the same Idempotency-Key answers the same and mails once; the same key with another body is 422', async () => {
    const user = await signedUp('retry');
    const target = newAddress('retried');
    const key = { 'idempotency-key': `email-change-${randomUUID()}` };
    const first = await change(user.client, { newEmail: target, password: user.password }, key);
    const again = await change(user.client, { newEmail: target, password: user.password }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(
      (await change(user.client, { newEmail: newAddress('other'), password: user.password }, key)).statusCode,
    ).toBe(422);
    const requests = (await h.store.readStream(ACCOUNTS_STREAMS.user(user.id))).filter(
      (e) => e.type === 'EmailChangeRequested',
    );
    expect(requests).toHaveLength(1);
  });

  it('replaying the log from 0 rebuilds the users read model equal to the live one', async () => {
    const { differences, rows } = await replayDifferences(h, usersProjection, ['users']);
    expect(rows.users).toBeGreaterThan(5);
    expect(differences).toEqual({ users: 0 });
  });
});
