import type { AccountsEmailJob } from './emails.jobs.ts';

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(title: string, paragraphs: string[], link: string, button: string, footer: string): string {
  const p = paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join('');
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${p}
<p style="margin:24px 0"><a href="${href}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p></body></html>`;
}

/** Plain text and simple HTML for one email job, given the link that carries its token. */
export function renderAccountsEmail(kind: AccountsEmailJob['kind'], link: string): RenderedEmail {
  if (kind === 'verify-email') {
    const intro = 'Welcome to MyWorld! Please confirm your email address to start using all features.';
    const footer = 'The link expires in 24 hours. If you did not create a MyWorld account, you can ignore this email.';
    return {
      subject: 'Verify your email for MyWorld',
      text: `${intro}\n\nVerify your email:\n${link}\n\n${footer}\n`,
      html: html('Verify your email', [intro], link, 'Verify email', footer),
    };
  }
  const intro = 'Someone (hopefully you) asked to reset the password of your MyWorld account.';
  const footer = 'The link expires in 1 hour and works once. If you did not ask for this, ignore this email: your password stays as it is.';
  return {
    subject: 'Reset your MyWorld password',
    text: `${intro}\n\nChoose a new password:\n${link}\n\n${footer}\n`,
    html: html('Reset your password', [intro], link, 'Reset password', footer),
  };
}

/** Where each kind of link points: the API's verification route, the web client's reset form. */
export function linkFor(kind: AccountsEmailJob['kind'], publicUrl: string, token: string): string {
  const path = kind === 'verify-email' ? '/api/auth/verify-email' : '/reset-password-form';
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
