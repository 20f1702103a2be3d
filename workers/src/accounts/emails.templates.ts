import { emailHtml as html, type RenderedEmail } from '../platform/email-layout.ts';
import type { LinkEmailKind } from './emails.jobs.ts';

/** Plain text and simple HTML for one link email, given the link that carries its token. */
export function renderAccountsEmail(kind: LinkEmailKind, link: string): RenderedEmail {
  if (kind === 'verify-email') {
    const intro = 'Welcome to MyWorld! Please confirm your email address to start using all features.';
    const footer = 'The link expires in 24 hours. If you did not create a MyWorld account, you can ignore this email.';
    return {
      subject: 'Verify your email for MyWorld',
      text: `${intro}\n\nVerify your email:\n${link}\n\n${footer}\n`,
      html: html('Verify your email', [intro], link, 'Verify email', footer),
    };
  }
  if (kind === 'confirm-email-change') {
    const intro = 'You asked to use this address for your MyWorld account. Confirm it to sign in with it from now on.';
    const footer =
      'The link expires in 24 hours. Until you confirm, your account keeps its current address. If you did not ask for this, ignore this email.';
    return {
      subject: 'Confirm your new email for MyWorld',
      text: `${intro}\n\nConfirm your new email:\n${link}\n\n${footer}\n`,
      html: html('Confirm your new email', [intro], link, 'Confirm new email', footer),
    };
  }
  const intro = 'Someone (hopefully you) asked to reset the password of your MyWorld account.';
  const footer =
    'The link expires in 1 hour and works once. If you did not ask for this, ignore this email: your password stays as it is.';
  return {
    subject: 'Reset your MyWorld password',
    text: `${intro}\n\nChoose a new password:\n${link}\n\n${footer}\n`,
    html: html('Reset your password', [intro], link, 'Reset password', footer),
  };
}

const LINK_PATHS: Record<LinkEmailKind, string> = {
  'verify-email': '/api/auth/verify-email',
  'reset-password': '/reset-password-form',
  'confirm-email-change': '/confirm-email-change',
};

/** Where each kind of link points: the API's verification route, or the web client's page for it. */
export function linkFor(kind: LinkEmailKind, publicUrl: string, token: string): string {
  const path = LINK_PATHS[kind];
  const url = new URL(path, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** "j***@example.com": enough for the owner to recognise the new address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
}

/** The notice to the old address after an email change. */
export function renderEmailChangedNotice(newEmail: string, publicUrl: string): RenderedEmail {
  const intro = `The email address of your MyWorld account was changed to ${maskEmail(newEmail)}. Sign-in uses the new address from now on.`;
  const warning =
    'If you did not make this change, someone else may have your password: contact this MyWorld site at the address in its Terms of Service at once.';
  const footer = "You get this email because this address was the account's address until now.";
  const link = new URL('/terms-of-service', publicUrl).toString();
  return {
    subject: 'Your MyWorld email address was changed',
    text: `${intro}\n\n${warning}\n${link}\n\n${footer}\n`,
    html: html('Your email address was changed', [intro, warning], link, 'Terms of Service', footer),
  };
}

/** The notice to the owner after many failed sign-ins locked the account for new devices. */
export function renderSignInLockedNotice(
  failedAttempts: number,
  lockedUntil: string,
  publicUrl: string,
): RenderedEmail {
  const intro = `Someone tried to sign in to your MyWorld account with a wrong password ${failedAttempts} times in a short while, from different places.`;
  const state = `Until ${new Date(lockedUntil).toUTCString()}, sign-in works only on devices you have signed in on before. Your password was not changed, and you can keep signing in as usual.`;
  const advice =
    'If these attempts were not yours, choose a new, strong password (Forgot password on the sign-in page); that also lifts the lock.';
  const footer = 'You get this email because this address belongs to the account. Nothing else is needed.';
  const link = new URL('/forgot-password', publicUrl).toString();
  return {
    subject: 'Failed sign-in attempts on your MyWorld account',
    text: `${intro}\n\n${state}\n\n${advice}\n${link}\n\n${footer}\n`,
    html: html('Failed sign-in attempts', [intro, state, advice], link, 'Choose a new password', footer),
  };
}
