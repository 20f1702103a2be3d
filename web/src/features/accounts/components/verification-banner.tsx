import { useState } from 'react';
import type { CurrentUser } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

const DISMISSED_KEY = 'myworld.verification-banner.dismissed';

// Dismissal lasts for the browser session (this tab), never reaches the server.
function readDismissed(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}
function saveDismissed(): void {
  try {
    sessionStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // storage blocked: the banner stays hidden until reload, which is enough
  }
}

/** Asks a signed-in user with an unverified email to verify it, with a resend button. */
export function VerificationBanner({ user }: { user: Pick<CurrentUser, 'email' | 'emailVerified'> }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const resend = useResendVerification();
  if (user.emailVerified === true || dismissed) return null;

  async function onResend() {
    try {
      const res = await resend.mutateAsync();
      toast({ title: 'Verification email sent!', description: res.message });
    } catch (err) {
      toast({
        title: 'Failed to send email',
        description: serverMessage(err) ?? 'Unable to send verification email. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <aside className="verify-banner" data-testid="verification-banner" aria-label="Email verification">
      <span className="verify-banner__icon">
        <MailIcon />
      </span>
      <div className="verify-banner__text">
        <p className="verify-banner__title">Verify your email</p>
        <p className="verify-banner__body">
          We sent a link to <strong>{user.email}</strong>. Verify it to unlock every feature.
        </p>
        <button type="button" className="btn btn--small btn--primary" onClick={onResend} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend email'}
        </button>
      </div>
      <button
        type="button"
        className="icon-button verify-banner__close"
        aria-label="Dismiss verification reminder"
        onClick={() => {
          saveDismissed();
          setDismissed(true);
        }}
      >
        ×
      </button>
    </aside>
  );
}
