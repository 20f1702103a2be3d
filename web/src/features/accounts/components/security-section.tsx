import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/** Security: change the password by emailed link; changing the email is not offered yet. */
export function SecuritySection({ email }: { email: string }) {
  const change = useRequestPasswordReset();

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
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => toast({ title: 'Update Email', description: 'Changing your email address is not available yet.' })}
        >
          Update Email
        </button>
      </div>
    </section>
  );
}
