import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import type { UsersDb } from '@myworld/projections';
import { ACCOUNTS_STREAMS, parsePosition } from '@myworld/schemas';
import { emailDigest } from '@myworld/schemas/server';
import { newRegistration } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

describe('POST /api/auth/register, GET /api/auth/user, GET /api/auth/check-username', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_register', workers: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('registers, signs the user in, answers with the position and mails a verification link', async () => {
    const client = h.client();
    const body = newRegistration('reg');
    const res = await client.post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Registration successful! Please check your email to verify your account.',
      position: expect.stringMatching(/^\d+\/\d+$/),
    });
    expect(res.headers['x-position']).toBe(res.json().position);
    const cookie = res.headers['set-cookie'];
    expect(String(cookie)).toMatch(/myworld_sid=.+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);

    // Read-your-writes: the client sends the position it was answered as X-Min-Position, as the web client does.
    expect(client.lastPosition).not.toBeNull();
    const me = await client.get('/api/auth/user');
    expect(me.headers['x-read-model-stale']).toBeUndefined();
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: expect.any(String),
      username: body.username,
      firstName: 'Jane',
      lastName: 'Doe',
      email: body.email,
      bio: null,
      aboutMe: null,
      profileImageUrl: null,
      backgroundImageUrl: null,
      backgroundColor: '#ffffff',
      textColor: '#1f2937',
      hideEngagement: false,
      hideActivity: false,
      emailVerified: false,
      roles: [],
    });

    const mail = await h.mail.waitFor((m) => m.to.includes(body.email));
    expect(mail.subject).toBe('Verify your email for MyWorld');
    expect(mail.links[0]).toMatch(/^http:\/\/myworld\.test\/api\/auth\/verify-email\?token=[0-9a-f-]{36}\.[\w-]{43}$/);
    expect(mail.html).toContain('Verify email');
  });

  it('GET /api/auth/user is 401 when signed out', async () => {
    const res = await h.client().get('/api/auth/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'Please sign in first.' });
  });

  it.each([
    ['firstName', { firstName: '  ' }, 'Please fill in all required fields.'],
    ['lastName', { lastName: undefined }, 'Please fill in all required fields.'],
    ['email', { email: '' }, 'Please fill in all required fields.'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['username', { username: '' }, 'Please fill in all required fields.'],
    ['birthDate', { birthDate: '' }, 'Please fill in all required fields.'],
    ['password', { password: 'secret123' }, 'Please ensure your password meets all requirements.'],
    ['password', { password: 'Short1' }, 'Please ensure your password meets all requirements.'],
    ['password', { password: 'NoNumbersHere' }, 'Please ensure your password meets all requirements.'],
    [
      'birthDate',
      { birthDate: `${new Date().getFullYear() - 12}-01-01` },
      'You must be at least 13 years old to create an account.',
    ],
    ['birthDate', { birthDate: '2001-02-30' }, 'Please enter a valid birth date.'],
    [
      'username',
      { username: 'Jane Doe!' },
      'Usernames are 3-30 characters: lowercase letters, numbers and underscores.',
    ],
    ['username', { username: 'ab' }, 'Usernames are 3-30 characters: lowercase letters, numbers and underscores.'],
  ])('400 naming %s for %j', async (field, change, message) => {
    const res = await h.client().post('/api/auth/register', { ...newRegistration('bad'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_failed', field, message });
  });

  it('refuses a taken username and a taken email with 409, and the failed attempt releases what it took', async () => {
    const first = newRegistration('taken');
    expect((await h.client().post('/api/auth/register', first)).statusCode).toBe(201);

    const sameName = await h
      .client()
      .post('/api/auth/register', { ...newRegistration('other'), username: first.username });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({
      error: 'username_taken',
      field: 'username',
      message: 'This username is already taken',
    });

    const second = newRegistration('second');
    const sameEmail = await h.client().post('/api/auth/register', { ...second, email: first.email });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({
      error: 'email_taken',
      field: 'email',
      message: 'An account with this email already exists.',
    });
    // The username that attempt reserved was released: someone else can have it now.
    const retry = await h.client().post('/api/auth/register', second);
    expect(retry.statusCode).toBe(201);
    expect((await h.store.readStream(`username-${second.username}`)).map((e) => e.type)).toEqual([
      'UsernameReserved',
      'UsernameReleased',
      'UsernameReserved',
    ]);
  });

  it('20 concurrent registrations of one username give exactly one account; the others get 409', async () => {
    const username = newRegistration('race').username;
    const started = performance.now();
    // Its own address, so the per-address registration limit does not count the file's other tests.
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.client({ ip: '10.88.0.2' }).post('/api/auth/register', { ...newRegistration('racer'), username }),
      ),
    );
    const elapsed = performance.now() - started;
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.statusCode === 409))
      expect(r.json()).toMatchObject({ error: 'username_taken', message: 'This username is already taken' });
    const reservations = await h.store.readStream(`username-${username}`);
    expect(reservations.map((e) => e.type)).toEqual(['UsernameReserved']);
    // The users read model is read once it holds the winner's registration.
    const winner = responses.find((r) => r.statusCode === 201)!;
    expect(await h.readModels.waitFor('users', parsePosition(winner.json().position), 5_000)).toBe(true);
    const users = await h.readModels.query<UsersDb>('users');
    expect(await users.selectFrom('users').select('id').where('username', '=', username).execute()).toHaveLength(1);
    console.info(`20 concurrent registrations of one username: ${elapsed.toFixed(0)} ms`);
  });

  it('a retried register with the same Idempotency-Key gives one account and one email', async () => {
    const body = newRegistration('idem');
    const headers = { 'idempotency-key': `register-${body.username}` };
    const client = () => h.client({ ip: '10.88.0.3' }); // its own address (per-address registration limit)
    const first = await client().post('/api/auth/register', body, headers);
    const again = await client().post('/api/auth/register', body, headers);
    const concurrent = await Promise.all([
      client().post('/api/auth/register', body, headers),
      client().post('/api/auth/register', body, headers),
    ]);
    for (const r of [first, again, ...concurrent]) expect(r.statusCode).toBe(201);
    expect(again.json().position).toBe(first.json().position);
    const userStreams = (
      await h.store.readStream(ACCOUNTS_STREAMS.email(emailDigest(h.config.PERSONAL_DATA_SECRET, body.email)))
    ).map((e) => (e.data as { userId: string }).userId);
    expect(userStreams).toHaveLength(1);
    const events = await h.store.readStream(`user-${userStreams[0]}`);
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'EmailVerificationRequested']);

    // The retry signs in as the same user.
    const me = await client().request({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: String(again.headers['set-cookie']).split(';')[0]!, 'x-min-position': first.json().position },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().id).toBe(userStreams[0]);

    await h.mail.waitFor((m) => m.to.includes(body.email));
    await sleep(1_500); // room for a duplicate to arrive, if there were one
    expect(h.mail.messages.filter((m) => m.to.includes(body.email))).toHaveLength(1);

    // The same key with other details is not a retry.
    const reused = await client().post('/api/auth/register', { ...body, password: 'Different123' }, headers);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      error: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used with a different request.',
    });
    expect(reused.headers['set-cookie']).toBeUndefined();
  });

  it('20 parallel registrations with one Idempotency-Key and different passwords: one account, only the stored body gets a session', async () => {
    const base = newRegistration('keyrace');
    const headers = { 'idempotency-key': `keyrace-${base.username}` };
    const bodies = Array.from({ length: 20 }, (_, i) => ({ ...base, password: `Secret${i}abc` }));
    // Its own address, so the per-address registration limit does not count the file's other tests.
    const ip = '10.88.0.1';
    const responses = await Promise.all(bodies.map((b) => h.client({ ip }).post('/api/auth/register', b, headers)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(19);
    for (const r of responses.filter((r) => r.statusCode === 422)) {
      expect(r.json()).toMatchObject({
        error: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used with a different request.',
      });
      expect(r.headers['set-cookie']).toBeUndefined();
    }
    const winner = bodies[codes.indexOf(201)]!;

    const reservations = await h.store.readStream(`username-${base.username}`);
    expect(reservations.map((e) => e.type)).toEqual(['UsernameReserved']);
    const userId = (reservations[0]!.data as { userId: string }).userId;
    expect(
      (await h.store.readStream(ACCOUNTS_STREAMS.email(emailDigest(h.config.PERSONAL_DATA_SECRET, base.email)))).map(
        (e) => e.type,
      ),
    ).toEqual(['EmailReserved']);
    expect((await h.store.readStream(`user-${userId}`)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
    ]);

    // A retry with the stored body answers as the first did, signed in as that account, and can sign in with its password.
    const retry = await h.client({ ip }).post('/api/auth/register', winner, headers);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().position).toBe(responses[codes.indexOf(201)]!.json().position);
    const me = await h.client().request({
      method: 'GET',
      url: '/api/auth/user',
      headers: {
        cookie: String(retry.headers['set-cookie']).split(';')[0]!,
        'x-min-position': retry.json().position,
      },
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: userId, username: base.username });
    const loser = bodies.find((b) => b !== winner)!;
    expect((await h.client({ ip }).post('/api/auth/register', loser, headers)).statusCode).toBe(422);
    expect(
      (await h.client().post('/api/auth/login', { email: base.email, password: winner.password })).statusCode,
    ).toBe(200);
  });

  it('check-username answers from the reservation (taken as soon as registration answers) and validates the name', async () => {
    const body = newRegistration('check');
    expect((await h.client().post('/api/auth/register', body)).statusCode).toBe(201);
    // Another client, no X-Min-Position: nothing to wait for, the reservation already holds the name.
    const taken = await h.client().get(`/api/auth/check-username/${body.username}`);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ available: false });
    expect((await h.client().get('/api/auth/check-username/nobody_has_this_name')).json()).toEqual({ available: true });
    const bad = await h.client().get('/api/auth/check-username/Bad%20Name');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed', field: 'username' });
  });
});
