import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { isPasswordValid } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordChecklist } from './password-checklist.tsx';

/** Reached from the emailed link /reset-password-form?token=... */
export function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useResetPassword();

  useEffect(() => {
    if (token) return;
    toast({
      title: 'Invalid reset link',
      description: 'This link is missing its reset token. Please request a new one.',
      variant: 'destructive',
    });
    navigate('/login', { replace: true });
  }, [token, navigate]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });
    if (!isPasswordValid(password))
      return fail('Invalid password', 'Please ensure your password meets all requirements.');
    if (password !== confirm) return fail("Passwords don't match", 'Please make sure both passwords are the same.');
    try {
      const res = await reset.mutateAsync({ token, password });
      toast({ title: 'Password reset', description: res.message });
      navigate('/login');
    } catch (err) {
      fail('Reset failed', serverMessage(err) ?? 'Failed to reset password. Please try again.');
    }
  }

  if (!token) return null;
  const matches = password === confirm;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Make it one you don't use anywhere else."
      footer={<Link href="/login">Back to sign in</Link>}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="New password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          toggleName="new password"
          hint={<PasswordChecklist password={password} />}
        />
        <PasswordField
          label="Confirm new password"
          value={confirm}
          onChange={setConfirm}
          autoComplete="new-password"
          toggleName="confirmation"
          hint={
            confirm && (
              <p
                className={`field__hint field__hint--${matches ? 'success' : 'error'}`}
                data-testid="password-match"
                data-match={matches}
                aria-live="polite"
              >
                {matches ? 'Passwords match' : "Passwords don't match"}
              </p>
            )
          }
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
    </AuthCard>
  );
}
