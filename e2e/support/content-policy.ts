import { expect } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import type { SessionPage } from './browser-session.ts';

// The browser side of the security-headers tests: what a page of the client must carry, and every
// policy breach the browser reports.

/** Which browser-reported problems count as a policy breach: CSP reports, and Chromium's console words for CSP and Permissions-Policy. */
const POLICY_CONSOLE =
  /Refused to|Content Security Policy|Content-Security-Policy|Permissions[- ]Policy|permissions policy violation/i;

/** Every policy breach any page of `context` reports, from the document's own `securitypolicyviolation` events and the console. */
async function watchPolicies(context: BrowserContext, page: Page): Promise<string[]> {
  const breaches: string[] = [];
  await context.exposeBinding('__reportPolicyBreach', (_source, text: string) => void breaches.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportPolicyBreach(text: string): void }).__reportPolicyBreach;
      report(
        `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on(
    'console',
    (m) =>
      POLICY_CONSOLE.test(m.text()) &&
      breaches.push(`${new URL(page.url()).pathname} console ${m.type()}: ${m.text()}`),
  );
  return breaches;
}

/** A watched page: its policy breaches are collected from before its first script runs. */
export async function watched<T extends SessionPage>(open: Promise<T>): Promise<T & { breaches: string[] }> {
  const opened = await open;
  return { ...opened, breaches: await watchPolicies(opened.context, opened.page) };
}

/** The headers every document of the client carries. */
export function expectClientHeaders(response: Response | null, address: string): void {
  expect(response, address).not.toBeNull();
  const headers = response!.headers();
  expect(headers['content-type'], address).toMatch(/^text\/html/);
  const csp = headers['content-security-policy'] ?? '';
  const scriptSrc = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('script-src '));
  expect(scriptSrc, address).toBe("script-src 'self' 'wasm-unsafe-eval'");
  expect(csp, address).toContain("frame-ancestors 'none'");
  expect(csp, address).toContain("object-src 'none'");
  expect(csp, address).toContain("base-uri 'self'");
  expect(headers['referrer-policy'], address).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], address).toMatch(/^camera=\(self\), microphone=\(self\)/);
  expect(headers['cross-origin-opener-policy'], address).toBe('same-origin');
  expect(headers['x-content-type-options'], address).toBe('nosniff');
}

/** Opens `address` as a new document and waits until its screen has rendered and its requests have settled. */
export async function load(page: Page, address: string): Promise<Response | null> {
  const response = await page.goto(address);
  await page.waitForFunction(
    () =>
      (document.getElementById('root')?.children.length ?? 0) > 0 &&
      !document.querySelector('[data-testid="app-loading"]'),
  );
  await page.waitForLoadState('networkidle');
  return response;
}

/** Loads every address in turn: the headers are present, the screen is a real one (not the 404 page), and no policy was breached. */
export async function visitAll(page: Page, breaches: string[], addresses: readonly string[]): Promise<void> {
  for (const address of addresses) {
    expectClientHeaders(await load(page, address), address);
    const notFound = await page.getByText('404 Page Not Found').count();
    expect(notFound, `${address} shows a real screen`).toBe(address === '/no-such-page' ? 1 : 0);
    expect(breaches, `after ${address}`).toEqual([]);
  }
}
