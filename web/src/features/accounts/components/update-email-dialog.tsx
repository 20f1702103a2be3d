import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverRefusal } from '../../../lib/api-client.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { PasswordField } from './password-field.tsx';

interface UpdateEmailDialogProps {
  currentEmail: string;
  onClose: () => void;
}

/**
 * Update Email: the new address and the current password. The server mails a link to the new
 * address; nothing changes on the account until it is followed (/confirm-email-change).
 */
export function UpdateEmailDialog({ currentEmail, onClose }: UpdateEmailDialogProps) {
  const formId = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  // Derived from the mutation: each mutate starts with no error, so a new submit clears the last refusal.
  const refusal =
    change.error && (serverRefusal(change.error) ?? { message: 'Unable to process your request. Please try again.' });

  const email = newEmail.trim();
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    change.mutate(
      { newEmail: email, password },
      {
        onSuccess: () => {
          toast({
            title: 'Check your new email',
            description: `We sent a link to ${email} to confirm the change. Until you confirm it, ${currentEmail} stays in use.`,
          });
          onClose();
        },
      },
    );
  }

  // The refusal goes under the input it names, or under the form when it names neither.
  const alert = refusal && (
    <p className="field__hint field__hint--error" role="alert">
      {refusal.message}
    </p>
  );
  const blamed = refusal?.field === 'newEmail' || refusal?.field === 'password' ? refusal.field : null;

  return (
    <Modal
      title="Update Email"
      onClose={onClose}
      testId="update-email-dialog"
      footer={
        <div className="settings-section__buttons">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={!email || !password.trim() || change.isPending}
          >
            {change.isPending ? 'Sending...' : 'Send confirmation link'}
          </button>
        </div>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <p className="muted">
          Your email is <strong>{currentEmail}</strong>. We will send a link to the new address, and nothing changes
          until you follow it.
        </p>
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={newEmail}
          onChange={(e) => setNewEmail(e.target.value)}
          hint={blamed === 'newEmail' && alert}
        />
        <PasswordField
          label="Current password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          hint={blamed === 'password' && alert}
        />
        {blamed === null && alert}
      </form>
    </Modal>
  );
}
