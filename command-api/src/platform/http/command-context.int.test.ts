import { afterAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import { TEST_PUBLIC_URL, signedInUser, startHarness, type Harness } from '../../testing/index.ts';

const edgeHeaders = {
  'cf-ipcountry': 'NZ',
  'x-country': 'AU',
  'x-correlation-id': 'client-correlation-1',
  'x-causation-id': 'client-causation-1',
  'x-request-id': 'client-request-1',
};

/** Signs a user out with the edge's headers and returns the metadata stored on `UserSignedOut`. */
async function signOutMetadata(harness: Harness, headers: Record<string, string>) {
  const user = await signedInUser(harness.api.services);
  const r = await harness
    .client({ cookie: user.cookie })
    .post('/api/auth/logout', {}, { origin: TEST_PUBLIC_URL, ...headers });
  expect(r.statusCode).toBe(200);
  const events = await harness.store.readStream(ACCOUNTS_STREAMS.user(user.userId));
  const signedOut = events.find((e) => e.type === 'UserSignedOut');
  expect(signedOut).toBeDefined();
  return signedOut!.metadata as {
    correlationId: string;
    causationId: string | null;
    requestId: string;
    client: { country: string | null };
  };
}

describe('client-supplied metadata headers are believed only under TRUST_PROXY', () => {
  const harnesses: Harness[] = [];
  afterAll(async () => {
    for (const h of harnesses) await h.stop();
  });

  it('TRUST_PROXY=false: cf-ipcountry, x-country, x-correlation-id, x-causation-id and x-request-id are ignored', async () => {
    const harness = await startHarness({ label: 'metadata_untrusted', projections: [], env: { TRUST_PROXY: 'false' } });
    harnesses.push(harness);
    const metadata = await signOutMetadata(harness, edgeHeaders);
    expect(metadata.client.country).toBeNull();
    expect(metadata.correlationId).not.toBe('client-correlation-1');
    expect(metadata.requestId).not.toBe('client-request-1');
    expect(metadata.correlationId).toBe(metadata.requestId);
    expect(metadata.causationId).toBeNull();
  });

  it("TRUST_PROXY=true, through the proxy: the edge's headers are stored", async () => {
    const harness = await startHarness({ label: 'metadata_trusted', projections: [], env: { TRUST_PROXY: 'true' } });
    harnesses.push(harness);
    const metadata = await signOutMetadata(harness, { ...edgeHeaders, 'x-forwarded-for': '203.0.113.7' });
    expect(metadata.client.country).toBe('NZ');
    expect(metadata.correlationId).toBe('client-correlation-1');
    expect(metadata.causationId).toBe('client-causation-1');
    expect(metadata.requestId).toBe('client-request-1');
  });

  it('TRUST_PROXY naming other proxies: a direct caller is not believed', async () => {
    const harness = await startHarness({
      label: 'metadata_other_proxy',
      projections: [],
      env: { TRUST_PROXY: '10.0.0.0/8' },
    });
    harnesses.push(harness);
    const metadata = await signOutMetadata(harness, { ...edgeHeaders, 'x-forwarded-for': '203.0.113.7' });
    expect(metadata.client.country).toBeNull();
    expect(metadata.causationId).toBeNull();
    expect(metadata.requestId).not.toBe('client-request-1');
  });
});
