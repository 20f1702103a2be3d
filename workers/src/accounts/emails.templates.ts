import { emailHtml as html, type RenderedEmail } from '../platform/email-layout.ts';
import type { AccountsEmailJob } from './emails.jobs.ts';

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
