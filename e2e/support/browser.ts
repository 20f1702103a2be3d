import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Debian's Chromium headless shell (scripts/install-system-packages.sh installs it); never a
 * downloaded build. The same engine as the desktop Chromium (CHROMIUM_PATH=/usr/bin/chromium runs
 * the tests in that), without a window system or browser UI: the browser tests' Chromium CPU
 * went from 169 to 106 s.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

// Without the background-networking flags Chromium keeps dialling out, and this machine's
// closed network refuses it over and over.
const BASE_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
// A fake 640x480 camera and microphone, permission prompts auto-accepted, and 127.0.0.1 ICE
// candidates so media stays on loopback like the SFU's default listen address.
const MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export function launchBrowser(options: { media?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...BASE_ARGS, ...(options.media ? MEDIA_ARGS : [])] });
}

let contextsOpened = 0;

/**
 * A phone-sized context, as the product is mobile-first (`options` on top, a user agent say).
 * Each context is a client of its own address, as the shared product believes the forwarded one
 * (TRUST_PROXY): its per-address limits, registration's say, count one person, not every test.
 */
export function newMobileContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  contextsOpened += 1;
  const address = `10.${process.pid % 250}.${(contextsOpened >> 8) & 255}.${contextsOpened & 255}`;
  return browser.newContext({
    baseURL,
    viewport: { width: 420, height: 900 },
    permissions: ['camera', 'microphone'],
    ...options,
    extraHTTPHeaders: { 'x-forwarded-for': address, ...options.extraHTTPHeaders },
  });
}

export const ARTIFACTS_DIR = 'test-artifacts';

/** Saves a screenshot under test-artifacts/ (kept out of git) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = `${ARTIFACTS_DIR}/${name.replace(/[^a-z0-9-]+/gi, '-')}.png`;
  await page.screenshot({ path, fullPage: false });
  return path;
}
