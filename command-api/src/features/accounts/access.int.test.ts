import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import { expect as expected } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { EMAIL_CHANGE_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from '@myworld/schemas';
import { emailToken, hashToken } from '@myworld/schemas/server';
import { PNG_1X1, newRegistration, uploadToStore, type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { testAccessMatrix, type AccessMatrix } from '../../platform/http/access-testing.ts';
import { accounts } from './index.ts';

describe('accounts: who may call each route', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_access', storage: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Registration answers with a session: a new account, signed in. */
  const signedIn = async (): Promise<TestClient> => {
    const client = h.client({ ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    const res = await client.post('/api/auth/register', newRegistration('access'));
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return client;
  };
  const idOf = async (client: TestClient) => (await client.get('/api/auth/user')).json().id as string;
  const emailOf = async (client: TestClient) => (await client.get('/api/auth/user')).json().email as string;

  /** A reset token for the owner's account, as the emailed link carries it. */
  const resetToken = async (owner: TestClient) => {
    const userId = await idOf(owner);
    const tokenId = randomUUID();
    const token = emailToken(h.config.TOKEN_SECRET, userId, tokenId);
    await h.store.append(`user-${userId}`, expected.any, [
      {
        id: randomUUID(),
        type: 'PasswordResetRequested',
        data: {
          userId,
          email: await emailOf(owner),
          tokenId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    return token;
  };

  /** A confirmation token for a change of the owner's email to a fresh address, as the mailed link carries it. */
  const emailChangeToken = async (owner: TestClient) => {
    const userId = await idOf(owner);
    const tokenId = randomUUID();
    const token = emailToken(h.config.TOKEN_SECRET, userId, tokenId);
    const newEmail = `moved-${tokenId.slice(0, 8)}@example.test`;
    await h.store.append(`user-${userId}`, expected.any, [
      {
        id: randomUUID(),
        type: 'EmailChangeRequested',
        data: {
          userId,
          newEmail,
          tokenId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_TOKEN_TTL_MS).toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    return token;
  };

  /** An image the owner uploaded (not attached yet): its upload address. */
  const uploadedImage = (owner: TestClient) => uploadToStore(owner, PNG_1X1);

  const matrix: AccessMatrix<TestClient> = {
    'POST /api/auth/register': {
      call: ({ client }) => client.post('/api/auth/register', newRegistration('again')),
      allowed: 201,
    },
    'POST /api/auth/login': {
      call: async ({ client }) => {
        const body = newRegistration('login');
        await h.client().post('/api/auth/register', body);
        return client.post('/api/auth/login', { email: body.email, password: body.password });
      },
      allowed: 200,
    },
    'POST /api/auth/logout': { call: ({ client }) => client.post('/api/auth/logout'), allowed: 200 },
    'GET /api/auth/user': { call: ({ client }) => client.get('/api/auth/user'), allowed: 200 },
    'GET /api/auth/check-username/:username': {
      call: ({ client }) => client.get('/api/auth/check-username/somebody_new'),
      allowed: 200,
    },
    'GET /api/auth/verify-email': {
      call: ({ client }) => client.get('/api/auth/verify-email?token=not-a-token'),
      allowed: 302,
    },
    'POST /api/auth/resend-verification': {
      call: ({ client }) => client.post('/api/auth/resend-verification', {}),
      allowed: 200,
    },
    'POST /api/auth/forgot-password': {
      call: async ({ client, owner }) => client.post('/api/auth/forgot-password', { email: await emailOf(owner) }),
      allowed: 200,
    },
    // The emailed token is the authority here, whoever sends it.
    'POST /api/auth/reset-password': {
      call: async ({ client, owner }) =>
        client.post('/api/auth/reset-password', { token: await resetToken(owner), password: 'Brand-New-42' }),
      allowed: 200,
    },
    'PATCH /api/users/privacy': {
      call: ({ client }) => client.patch('/api/users/privacy', { hideActivity: true }),
      allowed: 200,
    },
    // Only the uploader may make an upload their picture or background (another user: 400 naming the field).
    'PUT /api/profile/picture': {
      call: async ({ client, owner }) =>
        client.put('/api/profile/picture', { profileImageURL: await uploadedImage(owner) }),
      allowed: 200,
      otherUser: 400,
    },
    'PUT /api/profile/background': {
      call: async ({ client, owner }) =>
        client.put('/api/profile/background', { backgroundImageURL: await uploadedImage(owner) }),
      allowed: 200,
      otherUser: 400,
    },
    'PUT /api/profile/customize': {
      call: ({ client }) => client.put('/api/profile/customize', { aboutMe: 'Hi' }),
      allowed: 200,
    },
    // Always the caller's own account, confirmed by its password (every test registration's).
    'POST /api/auth/email-change': {
      call: ({ client }) =>
        client.post('/api/auth/email-change', {
          newEmail: `new-${randomUUID().slice(0, 8)}@example.test`,
          password: newRegistration().password,
        }),
      allowed: 200,
    },
    // The mailed token is the authority, whoever sends it.
    'POST /api/auth/email-change/confirm': {
      call: async ({ client, owner }) =>
        client.post('/api/auth/email-change/confirm', { token: await emailChangeToken(owner) }),
      allowed: 200,
    },
    'DELETE /api/auth/account': {
      call: ({ client }) =>
        client.request({
          method: 'DELETE',
          url: '/api/auth/account',
          payload: { password: newRegistration().password },
        }),
      allowed: 200,
    },
  };

  testAccessMatrix(accounts, matrix, { visitor: async () => h.client(), user: signedIn });
});
