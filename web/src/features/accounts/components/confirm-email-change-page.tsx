import { Link, useSearch } from 'wouter';
import { AUTH_MESSAGES } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';
import { AuthCard } from './auth-card.tsx';

const home = (
  <Link href="/" className="btn btn--primary btn--block">
    Go to MyWorld
  </Link>
);

/**
 * Reached from the link mailed to the new address, /confirm-email-change?token=..., signed in or
 * not. The change waits for a click: mail scanners open links, and StrictMode runs effects twice.
 */
export function ConfirmEmailChangePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange();

  if (!token) {
    return (
      <AuthCard title="Invalid link">
        <div className="form">
          <p className="field__hint field__hint--error" role="alert">
            {AUTH_MESSAGES.emailChangeLinkInvalid}
          </p>
          {home}
        </div>
      </AuthCard>
    );
  }

  if (confirm.data) {
    return (
      <AuthCard title={confirm.data.message} subtitle={`Your account now uses ${confirm.data.email}.`}>
        {home}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your new email"
      subtitle="Your account will use the address this link was sent to."
      footer={<Link href="/">Back to MyWorld</Link>}
    >
      <div className="form">
        {confirm.error && (
          <p className="field__hint field__hint--error" role="alert">
            {serverMessage(confirm.error) ?? 'Unable to confirm the change. Please try again.'}
          </p>
        )}
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ token })}
        >
          {confirm.isPending ? 'Confirming...' : 'Confirm email change'}
        </button>
      </div>
    </AuthCard>
  );
}
