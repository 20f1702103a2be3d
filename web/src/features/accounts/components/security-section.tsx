import { useState } from 'react';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { UpdateEmailDialog } from './update-email-dialog.tsx';

/**
 * Security: change the password by emailed link, or the email address (the Update Email dialog
 * mails a confirmation link to the new address; the account keeps the current one until it is
 * followed). Both prove the inbox.
 */
export function SecuritySection({ email }: { email: string }) {
  const change = useRequestPasswordReset();
  const [updatingEmail, setUpdatingEmail] = useState(false);

  async function onChangePassword() {
    try {
      await change.mutateAsync({ email });
      toast({ title: 'Check your email', description: `We sent a link to ${email} to choose a new password.` });
    } catch (err) {
      toast({
        title: 'Request failed',
        description: serverMessage(err) ?? 'Unable to process your request. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="security-heading">
      <h3 id="security-heading" className="settings-section__title">
        Security
      </h3>
      <div className="settings-section__buttons">
        <button type="button" className="btn btn--secondary" onClick={onChangePassword} disabled={change.isPending}>
          Change Password
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => setUpdatingEmail(true)}>
          Update Email
        </button>
      </div>
      {updatingEmail && <UpdateEmailDialog currentEmail={email} onClose={() => setUpdatingEmail(false)} />}
    </section>
  );
}
