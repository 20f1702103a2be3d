import { describe, expect, it } from 'vitest';
import { linkFor, maskEmail, renderAccountsEmail, renderEmailChangedNotice } from './emails.templates.ts';

describe('accounts email templates', () => {
  it('links verification to the API and resets to the web form, token in the query', () => {
    expect(linkFor('verify-email', 'https://myworld.example', 'u.t')).toBe(
      'https://myworld.example/api/auth/verify-email?token=u.t',
    );
    expect(linkFor('reset-password', 'https://myworld.example/', 'u.t')).toBe(
      'https://myworld.example/reset-password-form?token=u.t',
    );
    expect(linkFor('confirm-email-change', 'https://myworld.example', 'u.t')).toBe(
      'https://myworld.example/confirm-email-change?token=u.t',
    );
  });

  it('renders plain text and HTML with the link, escaping it in HTML', () => {
    const link = 'https://myworld.example/reset-password-form?token=a&b=<c>';
    const email = renderAccountsEmail('reset-password', link);
    expect(email.subject).toBe('Reset your MyWorld password');
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('expires in 1 hour');
    expect(email.html).toContain('href="https://myworld.example/reset-password-form?token=a&#38;b=&#60;c&#62;"');
    expect(renderAccountsEmail('verify-email', link).text).toContain('expires in 24 hours');
  });

  it('the email-change notice to the old address shows the new one masked, and where to get help', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('nonsense')).toBe('***');
    const notice = renderEmailChangedNotice('jane.doe@example.com', 'https://myworld.example');
    expect(notice.subject).toBe('Your MyWorld email address was changed');
    expect(notice.text).toContain('j***@example.com');
    expect(notice.text).not.toContain('jane.doe');
    expect(notice.text).toContain('https://myworld.example/terms-of-service');
    expect(
      renderAccountsEmail('confirm-email-change', 'https://myworld.example/confirm-email-change?token=t').text,
    ).toContain('expires in 24 hours');
  });
});
