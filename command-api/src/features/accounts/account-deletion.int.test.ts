import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  ACCOUNTS_STREAMS,
  START,
  USERNAME_HOLD_AFTER_DELETION_MS,
  comparePositions,
  positionText,
  type Position,
} from '@myworld/schemas';
import type { RecordedEvent } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { emailToken } from '@myworld/schemas/server';
import { newRegistration, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { LoginThrottle } from '../../platform/rate-limits/login-throttle.ts';
import { deleteAccount } from './account-deletion.ts';
import { releaseDeletedUsername } from '@myworld/write-model/accounts';

describe('DELETE /api/auth/account: account deletion with crypto-shredding', () => {
  let h: Harness;
  let raw: pg.Pool;
  beforeAll(async () => {
    // No read models here: what deletion does to them is the projections' part.
    h = await startHarness({ label: 'accounts_deletion', projections: [] });
    raw = new pg.Pool({ connectionString: h.database.url, max: 2 });
  });
  afterAll(async () => {
    await raw?.end();
    await h?.stop();
  });

  let addresses = 0;
  /** A registered, signed-in user with a client of their own (each from its own address, so throttles never meet). */
  async function signedUp(label: string, body = newRegistration(label)) {
    const client = h.client({ ip: `10.9.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });
    const res = await client.post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    const userId = (await h.store.readStream(ACCOUNTS_STREAMS.username(body.username)))[0]!.data as { userId: string };
    return { ...body, userId: userId.userId, client };
  }
  const del = (client: TestClient, body: unknown, headers: Record<string, string> = {}) =>
    client.request({ method: 'DELETE', url: '/api/auth/account', payload: body as object, headers });
  const signedIn = async (client: TestClient) =>
    (await client.patch('/api/users/privacy', { hideActivity: true })).statusCode !== 401;

  it('a visitor is 401; a blank or missing password is 400 naming `password`; a wrong one is 403 naming it, and nothing happens', async () => {
    expect((await del(h.client(), { password: 'Secret123' })).statusCode).toBe(401);
    const user = await signedUp('keeps');
    for (const body of [{}, { password: '   ' }]) {
      const res = await del(user.client, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_failed',
        field: 'password',
        message: 'Please enter your password to delete your account.',
      });
    }
    const wrong = await del(user.client, { password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({
      error: 'wrong_password',
      field: 'password',
      message: 'The password is incorrect. Your account was not deleted.',
    });
    expect(await signedIn(user.client)).toBe(true);
    expect((await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).map((e) => e.type)).not.toContain(
      'AccountDeleted',
    );
  });

  it('wrong passwords are throttled like sign-ins: after 5, that address waits (429 with Retry-After), even with the right one', async () => {
    const user = await signedUp('guessed');
    for (let i = 0; i < 5; i++) expect((await del(user.client, { password: 'Wrong1234' })).statusCode).toBe(403);
    const locked = await del(user.client, { password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toMatch(/^\d+$/);
    expect(locked.json()).toMatchObject({ error: 'too_many_attempts' });
  });

  it('the right password deletes the account: every session ends, sign-in fails, and the email can be registered again at once', async () => {
    const user = await signedUp('leaving');
    const otherDevice = h.client({ ip: '10.8.0.1' });
    expect((await otherDevice.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );

    const res = await del(user.client, { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.', position: expect.any(String) });
    expect((await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).at(-1)).toMatchObject({
      type: 'AccountDeleted',
      data: { userId: user.userId },
    });

    expect(await signedIn(user.client)).toBe(false);
    expect(await signedIn(otherDevice)).toBe(false);
    const login = await h
      .client({ ip: '10.8.0.2' })
      .post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(401);

    const again = await h
      .client({ ip: '10.8.0.3' })
      .post('/api/auth/register', { ...newRegistration('newcomer'), email: user.email });
    expect(again.statusCode).toBe(201);
  });

  it('the username stays taken for 30 days after the deletion, then the release job frees it for a new user', async () => {
    const user = await signedUp('handle');
    const deleted = await del(user.client, { password: user.password });
    expect(deleted.statusCode).toBe(200);
    const taken = await h
      .client({ ip: '10.8.1.1' })
      .post('/api/auth/register', { ...newRegistration('imposter'), username: user.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'username_taken', field: 'username' });

    const deletion = (await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).at(-1)!;
    expect(deletion.type).toBe('AccountDeleted');
    const deletedAt = Date.parse((deletion.data as { deletedAt: string }).deletedAt);
    const context = { metadata: testMetadata() };
    const early = await releaseDeletedUsername(
      h.store,
      user.userId,
      new Date(deletedAt + USERNAME_HOLD_AFTER_DELETION_MS - 1),
      context,
    );
    expect(early).toEqual({ outcome: 'not_due', dueAt: new Date(deletedAt + USERNAME_HOLD_AFTER_DELETION_MS) });
    const due = await releaseDeletedUsername(
      h.store,
      user.userId,
      new Date(deletedAt + USERNAME_HOLD_AFTER_DELETION_MS),
      context,
    );
    expect(due).toEqual({ outcome: 'released', username: user.username });
    expect((await h.store.readStream(ACCOUNTS_STREAMS.username(user.username))).map((e) => e.type)).toEqual([
      'UsernameReserved',
      'UsernameReleased',
    ]);
    // Running the job again releases nothing twice.
    expect(
      await releaseDeletedUsername(
        h.store,
        user.userId,
        new Date(deletedAt + USERNAME_HOLD_AFTER_DELETION_MS + 1),
        context,
      ),
    ).toEqual({ outcome: 'already_free', username: user.username });

    const newOwner = await h
      .client({ ip: '10.8.1.2' })
      .post('/api/auth/register', { ...newRegistration('heir'), username: user.username });
    expect(newOwner.statusCode).toBe(201);
  });

  it('a retry under the same Idempotency-Key is answered from the stored deletion and appends nothing', async () => {
    const user = await signedUp('retried');
    const context = {
      metadata: testMetadata(),
      idempotencyKey: 'delete-account-retry-1',
      idempotencyScope: user.userId,
      requestFingerprint: null,
    };
    const ended: string[] = [];
    const loginThrottle = new LoginThrottle(h.redis, {
      failuresBeforeBackoff: 5,
      backoffBaseSeconds: 60,
      backoffMaxSeconds: 900,
      perAddress: { max: 20, windowSeconds: 900 },
      perAccount: { max: 20, windowSeconds: 3600 },
    });
    const deps = {
      store: h.store,
      loginThrottle,
      emailSecret: h.config.PERSONAL_DATA_SECRET,
      endSessions: async (id: string) => ended.push(id),
      warn: () => undefined,
    };
    const first = await deleteAccount(
      deps,
      { userId: user.userId, password: user.password, address: '10.7.0.1' },
      context,
    );
    const retry = await deleteAccount(
      deps,
      { userId: user.userId, password: user.password, address: '10.7.0.1' },
      context,
    );
    expect(retry.position).toEqual(first.position);
    expect(ended).toEqual([user.userId, user.userId]);
    expect(
      (await h.store.readStream(ACCOUNTS_STREAMS.user(user.userId))).filter((e) => e.type === 'AccountDeleted'),
    ).toHaveLength(1);
  });

  /** The whole log from 0 through the store, once it has reached `upTo`. */
  async function replay(upTo: Position): Promise<RecordedEvent[]> {
    for (let attempt = 0; ; attempt++) {
      const all: RecordedEvent[] = [];
      for (let after = START; ;) {
        const batch = await h.store.readAll({ after, maxCount: 500 });
        if (batch.length === 0) break;
        all.push(...batch);
        after = batch.at(-1)!.position;
      }
      if ((all.length > 0 && comparePositions(all.at(-1)!.position, upTo) >= 0) || attempt >= 200) return all;
      await sleep(50);
    }
  }

  it("after deletion, neither the events table nor a full replay holds any readable personal data of the user; others' stays readable", async () => {
    const leaver = await signedUp('shredded', {
      ...newRegistration('shredded'),
      firstName: 'Wilhelmina',
      lastName: 'Quarterfield',
      birthDate: '1987-11-23',
    });
    const friend = await signedUp('friend', {
      ...newRegistration('friend'),
      firstName: 'Bartholomew',
      lastName: 'Oakenshield',
      birthDate: '1979-05-17',
    });
    const customized = await leaver.client.put('/api/profile/customize', { aboutMe: 'Amateur beekeeper from Tromsø' });
    expect(customized.statusCode).toBe(200);
    // An email change, confirmed: the old and the new address are both in the history.
    const movedTo = `wilhelmina-${leaver.userId.slice(0, 8)}@elsewhere.test`;
    expect(
      (await leaver.client.post('/api/auth/email-change', { newEmail: movedTo, password: leaver.password })).statusCode,
    ).toBe(200);
    const requested = (await h.store.readStream(ACCOUNTS_STREAMS.user(leaver.userId))).find(
      (e) => e.type === 'EmailChangeRequested',
    )!;
    const token = emailToken(h.config.TOKEN_SECRET, leaver.userId, (requested.data as { tokenId: string }).tokenId);
    expect((await h.client().post('/api/auth/email-change/confirm', { token })).statusCode).toBe(200);
    expect(
      (await leaver.client.post('/api/messages', { receiverId: friend.userId, content: 'my locker code is 4471' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await friend.client.post('/api/messages', { receiverId: leaver.userId, content: 'the ferry leaves at dawn' }))
        .statusCode,
    ).toBe(201);

    const res = await del(leaver.client, { password: leaver.password });
    expect(res.statusCode).toBe(200);
    const position = positionText.parse(res.json().position);

    const personal = [leaver.email, movedTo, 'Wilhelmina', 'Quarterfield', '1987-11-23', 'beekeeper', 'locker code'];
    const table = await raw.query<{ row: string }>('select row_to_json(events)::text as row from events');
    const tableText = table.rows.map((r) => r.row).join('\n');
    const replayText = JSON.stringify(await replay(position), (_key, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    for (const text of personal) {
      expect(tableText, `events table holds "${text}"`).not.toContain(text);
      expect(replayText, `replay holds "${text}"`).not.toContain(text);
    }
    // The friend's data is untouched, and still only readable through the store.
    for (const text of [friend.email, 'Bartholomew', 'Oakenshield', '1979-05-17', 'the ferry leaves at dawn']) {
      expect(replayText).toContain(text);
      expect(tableText).not.toContain(text);
    }
  });
});
