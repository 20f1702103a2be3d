import { useState } from 'react';
import { Link } from 'wouter';
import { AUTH_MESSAGES } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { PasswordField } from './password-field.tsx';

/**
 * Delete Account: a second step asks for the password. The account's profile and content go at
 * once, personal data in the history becomes unreadable, and the username is free after 30 days
 * (the privacy policy explains it).
 */
export function DeleteAccountSection() {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();

  const onDelete = () =>
    remove.mutate(
      { password },
      {
        onSuccess: () => toast({ title: AUTH_MESSAGES.accountDeleted }),
        onError: (error) => toastFailure('Account not deleted', error),
      },
    );

  return (
    <section className="settings-section" aria-labelledby="delete-account-heading">
      <h3 id="delete-account-heading" className="settings-section__title">
        Delete Account
      </h3>
      {!confirming ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setConfirming(true)}
          data-testid="delete-account"
        >
          Delete Account
        </button>
      ) : (
        <div className="stack" data-testid="delete-account-confirm">
          <p className="muted">
            Your profile, posts, stories and messages are removed and cannot be restored. Your username becomes free
            after 30 days. See the <Link href="/privacy-policy">Privacy Policy</Link>.
          </p>
          <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
          <div className="settings-section__buttons">
            <button type="button" className="btn btn--ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--danger"
              disabled={!password.trim() || remove.isPending}
              onClick={onDelete}
              data-testid="delete-account-submit"
            >
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
