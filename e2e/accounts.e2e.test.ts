import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { sharedProduct } from './support/shared-product.ts';
import { launchBrowser, newMobileContext, screenshot as saveScreenshot } from './support/browser.ts';
import { newTestUser, type TestUser } from './support/accounts.ts';

/**
 * Accounts end to end: the built web client in Debian's Chromium against the whole product
 * (API, projections, workers) and a real SMTP server that receives the emails.
 */
describe('accounts in the browser', () => {
  const product = sharedProduct();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function withPage(test: (page: Page, context: BrowserContext) => Promise<void>): Promise<void> {
    const context = await newMobileContext(browser, product.baseUrl);
    try {
      await test(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }

  /** Lets toasts finish sliding in, then saves the screen under test-artifacts/. */
  async function screenshot(page: Page, name: string): Promise<void> {
    await page.waitForTimeout(400);
    await saveScreenshot(page, name);
  }

  const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });

  /** Registers through the API only (no session kept), for tests whose subject is signing in. */
  async function registeredUser(context: BrowserContext, label: string): Promise<TestUser> {
    const user = newTestUser(label);
    const res = await context.request.post(`${product.baseUrl}/api/auth/register`, {
      headers: { origin: product.baseUrl },
      data: {
        email: user.email,
        password: user.password,
        firstName: user.firstName,
        lastName: user.lastName,
        username: user.username,
        birthDate: '1990-04-01',
      },
    });
    expect(res.status()).toBe(201);
    await context.clearCookies();
    return user;
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('register -> the verification email arrives over SMTP -> its link verifies the email', async () => {
    await withPage(async (page) => {
      const user = newTestUser('e2e_reg');
      await page.goto('/register');
      await page.getByLabel('First name').fill(user.firstName);
      await page.getByLabel('Last name').fill(user.lastName);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Birth date').fill('1995-07-14');
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByText('Username is available').waitFor();
      await screenshot(page, 'accounts-01-register-filled');
      await page.getByRole('button', { name: 'Create Account' }).click();

      await page.getByText('Your feed').waitFor();
      await toast(page, 'Account created!').waitFor();
      await screenshot(page, 'accounts-02-home-after-register');

      const mail = await product.mail.waitFor((m) => m.to.includes(user.email), 20_000);
      expect(mail.subject).toBe('Verify your email for MyWorld');
      const link = mail.links.find((l) => l.includes('/api/auth/verify-email?token='))!;
      expect(link.startsWith(product.baseUrl)).toBe(true);

      await page.goto(link);
      await toast(page, 'Email verified successfully!').waitFor();
      await expect.poll(() => new URL(page.url()).search).toBe(''); // query string cleared
      await screenshot(page, 'accounts-03-email-verified');
      const me = await page.request.get(`${product.baseUrl}/api/auth/user`);
      expect((await me.json()).emailVerified).toBe(true);
    });
  });

  it('sign in -> "Welcome back!" -> home after 500 ms', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_in');
      // Timed by the page's own clock: the moment the client goes home, against the end of the
      // login answer (this process hears of both late, and by different amounts, when it is busy).
      await page.addInitScript(() => {
        const record = (method: 'pushState' | 'replaceState') => {
          const original = history[method].bind(history);
          history[method] = (...args: Parameters<History['pushState']>) => {
            original(...args);
            const w = window as unknown as { homeAt?: number };
            if (location.pathname === '/') w.homeAt ??= performance.now();
          };
        };
        record('pushState');
        record('replaceState');
      });
      await signIn(page, user.email, user.password);
      await toast(page, 'Welcome back!').waitFor();
      await screenshot(page, 'accounts-04-welcome-back');
      await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
      const waited = await page.evaluate(() => {
        const login = performance
          .getEntriesByType('resource')
          .find((e) => e.name.endsWith('/api/auth/login')) as PerformanceResourceTiming;
        return Math.round((window as unknown as { homeAt: number }).homeAt - login.responseEnd);
      });
      await page.getByText('Your feed').waitFor();
      await screenshot(page, 'accounts-05-home-after-sign-in');
      console.info(`home reached ${waited} ms after the login answer (spec: 500 ms)`);
      // Sign-in shows its toast first and moves home 500 ms later.
      expect(waited).toBeGreaterThanOrEqual(495);
      expect(waited).toBeLessThan(2_000);
    });
  });

  it('a wrong password shows "Login failed"', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_bad');
      await signIn(page, user.email, 'Wrong-Password-1');
      await toast(page, 'Login failed').waitFor();
      expect(await toast(page, 'Login failed').textContent()).toContain('Invalid email or password.');
      expect(new URL(page.url()).pathname).toBe('/login');
      await screenshot(page, 'accounts-06-login-failed');
    });
  });

  it('forgot password -> email -> reset form -> sign in with the new password', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_reset');
      await page.goto('/forgot-password');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByText('Check Your Email').waitFor();
      await screenshot(page, 'accounts-07-check-your-email');

      const mail = await product.mail.waitFor(
        (m) => m.to.includes(user.email) && m.subject === 'Reset your MyWorld password',
        20_000,
      );
      const link = mail.links.find((l) => l.includes('/reset-password-form?token='))!;
      await page.goto(link);
      const newPassword = 'Brand-New-Day-7';
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await page.getByText('Passwords match').waitFor();
      await screenshot(page, 'accounts-08-reset-form');
      await page.getByRole('button', { name: /reset password/i }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await screenshot(page, 'accounts-09-after-reset');

      await signIn(page, user.email, user.password);
      await toast(page, 'Login failed').waitFor();
      await signIn(page, user.email, newPassword);
      await toast(page, 'Welcome back!').waitFor();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  it('logout from the Account Settings modal', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_out');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/');
      // The "Welcome back!" toast sits at the bottom, clear of the header and its settings button.
      const welcome = await toast(page, 'Welcome back!').boundingBox();
      const header = await page.getByRole('button', { name: 'Settings' }).boundingBox();
      expect(welcome!.y).toBeGreaterThan(header!.y + header!.height);
      await page.getByRole('button', { name: 'Settings' }).click();
      const modal = page.getByTestId('account-settings');
      await modal.getByText(user.email).waitFor();
      await screenshot(page, 'accounts-10-settings-modal');
      await modal.getByRole('button', { name: 'Logout' }).click();
      await toast(page, 'Logged out successfully').waitFor();
      await page
        .getByRole('link', { name: 'Sign In' })
        .or(page.getByRole('button', { name: 'Sign In' }))
        .first()
        .waitFor();
      await screenshot(page, 'accounts-11-logged-out');
      expect((await page.request.get(`${product.baseUrl}/api/auth/user`)).status()).toBe(401);
    });
  });

  it('a visitor at a signed-in page signs in and comes back to it; logging out from /profile lands on the landing page', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_next');
      await page.goto('/messages');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/messages');
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill(user.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname === '/messages');
      await screenshot(page, 'accounts-12-back-at-messages');

      await page.goto('/profile');
      await page.getByTestId('profile-settings').click();
      await page.getByTestId('account-settings').getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText('connect, create, rotate').waitFor();
      expect(await page.getByText('404 Page Not Found').count()).toBe(0);
      await screenshot(page, 'accounts-13-logged-out-from-profile');
    });
  });

  it('Update Email -> link mailed to the new address -> confirm page -> settings show it, and sign-in uses it', async () => {
    await withPage(async (page, context) => {
      const user = await registeredUser(context, 'e2e_move');
      const newEmail = user.email.replace('@', '.moved@');
      await signIn(page, user.email, user.password);
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('account-settings').getByRole('button', { name: 'Update Email' }).click();
      const dialog = page.getByTestId('update-email-dialog');
      await dialog.getByLabel('New email').fill(newEmail);
      await dialog.getByLabel('Current password', { exact: true }).fill(user.password);
      await screenshot(page, 'accounts-13-update-email');
      await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
      await toast(page, 'Check your new email').waitFor();

      const mail = await product.mail.waitFor(
        (m) => m.to.includes(newEmail) && m.subject === 'Confirm your new email for MyWorld',
        20_000,
      );
      await page.goto(mail.links.find((l) => l.includes('/confirm-email-change?token='))!);
      await page.getByRole('button', { name: 'Confirm email change' }).click();
      await page.getByText(`Your account now uses ${newEmail}.`).waitFor();
      await screenshot(page, 'accounts-14-email-changed');
      await product.mail.waitFor(
        (m) => m.to.includes(user.email) && m.subject === 'Your MyWorld email address was changed',
        20_000,
      );

      await page.goto('/');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByTestId('account-settings').getByText(newEmail).waitFor();
      await context.clearCookies();
      await signIn(page, newEmail, user.password);
      await toast(page, 'Welcome back!').waitFor();
    });
  });

  it('an unknown path shows "404 Page Not Found"', async () => {
    await withPage(async (page) => {
      await page.goto('/no/such/page');
      await page.getByText('404 Page Not Found').waitFor();
      await screenshot(page, 'accounts-12-not-found');
    });
  });
});
