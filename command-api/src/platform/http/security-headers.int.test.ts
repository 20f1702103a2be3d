import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaProjection } from '@myworld/projections';
import {
  BACKGROUND_CATALOGUE,
  BACKGROUND_CATALOGUE_VERSION,
  BACKGROUNDS_MANIFEST_KEY,
  type BackgroundCatalogueManifest,
} from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';

const WEBP_1X1 = Buffer.from('UklGRiwAAABXRUJQVlA4ICAAAABQAQCdASoBAAEAAUAmJQBOgDEIAP78KdG7O0WmMPtQAA==', 'base64');

/** A Content-Security-Policy header as a map of directive name to its sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'Content-Security-Policy present').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers on every answer', () => {
  let h: Harness;
  let visitor: TestClient;
  let webDist: string;
  let storeOrigin: string;

  beforeAll(async () => {
    // A stand-in for the built client: what matters is that index.html answers client paths.
    webDist = await mkdtemp(join(tmpdir(), 'security-headers-web-'));
    await writeFile(
      join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>',
    );
    h = await startHarness({
      label: 'security_headers',
      storage: true,
      projections: [mediaProjection],
      env: { WEB_DIST: webDist },
    });
    visitor = h.client();
    storeOrigin = new URL(h.api.services.storage.publicUrlOf('k')).origin;
    // One servable file under /objects: a catalogue background, as the workers store it.
    const entry = BACKGROUND_CATALOGUE.find((b) => b.id === 'galaxy-1')!;
    await h.storage.storage.put(entry.key, WEBP_1X1, 'image/webp', WEBP_1X1.length);
    const manifest: BackgroundCatalogueManifest = {
      version: BACKGROUND_CATALOGUE_VERSION,
      generatedAt: new Date().toISOString(),
      files: [{ key: entry.key, contentType: 'image/webp', size: WEBP_1X1.length, width: 1, height: 1 }],
    };
    await h.storage.storage.put(BACKGROUNDS_MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)), 'application/json');
  });
  afterAll(async () => {
    await h?.stop();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  const galaxy = () => `/objects/${BACKGROUND_CATALOGUE.find((b) => b.id === 'galaxy-1')!.key}`;

  it('the page, a client route, an API answer, an error and a media file all carry the full set', async () => {
    const answers = {
      '/': await visitor.get('/'),
      '/go-live': await visitor.get('/go-live'),
      '/privacy-policy': await visitor.get('/privacy-policy'),
      '/api/auth/user (401)': await visitor.get('/api/auth/user'),
      '/api/backgrounds/categories': await visitor.get('/api/backgrounds/categories'),
      '/api/no-such-route (404)': await visitor.get('/api/no-such-route'),
      [galaxy()]: await visitor.get(galaxy()),
      '/objects/missing (404)': await visitor.get('/objects/uploads/missing.webp'),
    };
    expect(answers['/']!.headers['content-type']).toMatch(/^text\/html/);
    expect(answers['/go-live']!.headers['content-type']).toMatch(/^text\/html/);
    expect(answers[galaxy()]!.statusCode).toBe(200);
    expect(answers['/objects/missing (404)']!.statusCode).toBe(404);
    for (const [what, r] of Object.entries(answers)) {
      const csp = directives(r.headers['content-security-policy']);
      expect(csp.get('script-src'), what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('style-src'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      // The browser PUTs uploads straight to the store; the live page talks over /ws.
      expect(csp.get('connect-src'), what).toEqual(
        expect.arrayContaining(["'self'", `ws://${new URL(h.config.PUBLIC_URL).host}`, storeOrigin]),
      );
      expect(csp.get('img-src'), what).toEqual(["'self'", 'blob:', 'data:']);
      expect(r.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      expect(r.headers['cross-origin-opener-policy'], what).toBe('same-origin');
      expect(r.headers['x-content-type-options'], what).toBe('nosniff');
      expect(r.headers['x-frame-options'], what).toBe('DENY');
      // Plain HTTP: no HSTS (a browser would ignore it, and a TLS-less deployment must not promise it).
      expect(r.headers['strict-transport-security'], what).toBeUndefined();
    }
    // Camera and microphone: the client's document only (any screen can route to Go Live), never elsewhere.
    for (const page of ['/', '/go-live', '/privacy-policy'] as const) {
      expect(answers[page]!.headers['permissions-policy'], page).toBe(
        'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()',
      );
    }
    for (const what of [
      '/api/auth/user (401)',
      '/api/backgrounds/categories',
      '/api/no-such-route (404)',
      galaxy(),
      '/objects/missing (404)',
    ]) {
      expect(answers[what]!.headers['permissions-policy'], what).toBe(
        'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()',
      );
    }
  });

  it('over TLS (a trusted proxy says https) answers add HSTS and upgrade-insecure-requests', async () => {
    for (const url of ['/', '/api/auth/user', galaxy()]) {
      const r = await visitor.get(url, { 'x-forwarded-proto': 'https' });
      expect(r.headers['strict-transport-security'], url).toBe('max-age=31536000');
      expect(directives(r.headers['content-security-policy']).has('upgrade-insecure-requests'), url).toBe(true);
    }
  });

  it('the API documentation keeps working: its own script files, inline styles and data: images, still never framed', async () => {
    const page = await visitor.get('/api/docs');
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // The relaxed policy follows the route, not the address: the client at /dev/anything keeps the strict one.
    const client = await visitor.get('/dev/anything');
    expect(client.headers['content-type']).toMatch(/^text\/html/);
    expect(directives(client.headers['content-security-policy']).get('style-src')).toEqual(["'self'"]);
  });
});
