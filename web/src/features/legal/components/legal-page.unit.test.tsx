import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const OPERATOR_VARIABLES = [
  'VITE_LEGAL_BUSINESS_ADDRESS',
  'VITE_LEGAL_JURISDICTION',
  'VITE_LEGAL_CONTACT_EMAIL',
  'VITE_LEGAL_PRIVACY_EMAIL',
];

/** Each operator detail unset, whatever the machine running the tests has configured. */
function unsetOperatorDetails() {
  for (const name of OPERATOR_VARIABLES) vi.stubEnv(name, '');
}

async function visit(url: string, signedIn = false) {
  stubFetch(
    signedIn
      ? (u) => (u === '/api/auth/user' ? json(200, testUser()) : json(404, { error: 'not_found', message: 'x' }))
      : signedOutApi(),
  );
  const rendered = renderApp({ url });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

const pageText = () => screen.getByRole('main').textContent ?? '';
const placeholders = () => screen.queryAllByTestId('legal-placeholder').map((p) => p.textContent);

describe('/privacy-policy', () => {
  it('is open to visitors: title, the date (August 17, 2025), and what the event log keeps and deletion does', async () => {
    unsetOperatorDetails();
    await visit('/privacy-policy');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(screen.getByTestId('legal-last-updated').textContent).toBe('Last updated: August 17, 2025');
    const text = pageText();
    expect(text).toMatch(/append-only event log/);
    expect(text).toMatch(/device class .* country/);
    expect(text).toMatch(/Stripe/);
    expect(text).toMatch(/"account deleted" event/);
    expect(text).toMatch(/crypto-shredding/);
    expect(text).toMatch(/username is released 30 days after deletion/);
    expect(text).toMatch(/at least 13 years old/);
    expect(text).toMatch(/under 18 need the consent of a parent or guardian/);
  });

  it('marks every operator detail it needs, naming the variable to set', async () => {
    unsetOperatorDetails();
    await visit('/privacy-policy');
    expect(new Set(placeholders())).toEqual(
      new Set([
        '[operator: set VITE_LEGAL_BUSINESS_ADDRESS]',
        '[operator: set VITE_LEGAL_JURISDICTION]',
        '[operator: set VITE_LEGAL_CONTACT_EMAIL]',
        '[operator: set VITE_LEGAL_PRIVACY_EMAIL]',
      ]),
    );
  });

  it('shows the configured details instead, the addresses as mail links', async () => {
    vi.stubEnv('VITE_LEGAL_BUSINESS_ADDRESS', 'MyWorld Ltd, 1 Example Street, Springfield');
    vi.stubEnv('VITE_LEGAL_JURISDICTION', 'Ireland');
    vi.stubEnv('VITE_LEGAL_CONTACT_EMAIL', 'hello@myworld.example');
    vi.stubEnv('VITE_LEGAL_PRIVACY_EMAIL', 'privacy@myworld.example');
    await visit('/privacy-policy');
    expect(placeholders()).toEqual([]);
    expect(pageText()).toMatch(/MyWorld Ltd, 1 Example Street, Springfield/);
    expect(pageText()).toMatch(/authority in Ireland/);
    const mailLinks = screen
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((h) => h?.startsWith('mailto:'));
    expect(new Set(mailLinks)).toEqual(new Set(['mailto:privacy@myworld.example', 'mailto:hello@myworld.example']));
  });

  it('the back button goes to /', async () => {
    unsetOperatorDetails();
    const { location } = await visit('/privacy-policy');
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('has a table of contents linking to every section', async () => {
    unsetOperatorDetails();
    await visit('/privacy-policy');
    const contents = within(screen.getByRole('navigation', { name: 'Contents' })).getAllByRole('link');
    const sections = document.querySelectorAll('.legal__section');
    expect(contents.map((a) => a.getAttribute('href'))).toEqual([...sections].map((s) => `#${s.id}`));
    expect(contents.length).toBeGreaterThanOrEqual(10);
  });
});

describe('/terms-of-service', () => {
  it('states its facts: minimum age 13, parental consent under 18, gift purchases final', async () => {
    unsetOperatorDetails();
    await visit('/terms-of-service');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    expect(screen.getByTestId('legal-last-updated').textContent).toBe('Last updated: August 17, 2025');
    const text = pageText();
    expect(text).toMatch(/You must be at least 13 years old\./);
    expect(text).toMatch(/If you are under 18, you need the consent of a parent or guardian/);
    expect(text).toMatch(/All gift purchases are final\./);
    expect(new Set(placeholders())).toEqual(
      new Set([
        '[operator: set VITE_LEGAL_BUSINESS_ADDRESS]',
        '[operator: set VITE_LEGAL_JURISDICTION]',
        '[operator: set VITE_LEGAL_CONTACT_EMAIL]',
      ]),
    );
  });

  it('is there for signed-in users too, and its back button goes to /', async () => {
    unsetOperatorDetails();
    const { location } = await visit('/terms-of-service', true);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Terms of Service');
    fireEvent.click(screen.getByTestId('back-button'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });
});
