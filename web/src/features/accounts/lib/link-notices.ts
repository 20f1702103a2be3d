import type { ToastInput } from '../../../components/ui/toast/toast-store.ts';

/**
 * What the server's email-link redirects say through the query string:
 * /?verified=true after a good verification link, /?error=<code> after a bad verification or
 * reset link.
 */

const LINK_ERRORS: Record<string, { title?: string; description: string }> = {
  'invalid-token': { description: 'The verification link is invalid or has expired.' },
  'expired-token': { description: 'The verification link has expired. Please request a new one.' },
  'verification-failed': { description: 'Email verification failed. Please try again.' },
  'invalid-reset-token': {
    title: 'Reset link invalid',
    description: 'The password reset link is invalid or has expired.',
  },
  'expired-reset-token': {
    title: 'Reset link expired',
    description: 'The password reset link has expired. Please request a new one.',
  },
  'reset-failed': { title: 'Password reset failed', description: 'Unable to reset your password. Please try again.' },
};

const DEFAULT_ERROR_TITLE = 'Verification failed';
const UNKNOWN_ERROR = LINK_ERRORS['verification-failed']!;

/** The toast a query string asks for, or null when it asks for none. */
export function linkNoticeFor(search: string): ToastInput | null {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error !== null) {
    const known = LINK_ERRORS[error] ?? UNKNOWN_ERROR;
    return { title: known.title ?? DEFAULT_ERROR_TITLE, description: known.description, variant: 'destructive' };
  }
  if (params.get('verified') === 'true') {
    return {
      title: 'Email verified successfully!',
      description: 'Your account is now verified. You can start using all features.',
    };
  }
  return null;
}
