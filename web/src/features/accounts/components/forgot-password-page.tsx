import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { forgotPasswordBody } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordPage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgot = useRequestPasswordReset();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      toast({ title: 'Email required', description: 'Please enter your email address.', variant: 'destructive' });
      return;
    }
    const body = forgotPasswordBody.safeParse({ email });
    if (!body.success) {
      toast({ title: 'Request failed', description: body.error.issues[0]?.message, variant: 'destructive' });
      return;
    }
    try {
      await forgot.mutateAsync(body.data);
      setSentTo(body.data.email);
    } catch (err) {
      toast({
        title: 'Request failed',
        description: serverMessage(err) ?? 'Unable to process your request. Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard title="Check Your Email">
        <div className="confirmation" data-testid="reset-link-sent">
          <span className="confirmation__icon">
            <MailIcon />
          </span>
          <p>
            If an account exists for <strong>{sentTo}</strong>, you will receive a password reset link shortly.
          </p>
          <p className="muted">Don't see it? Check your spam folder.</p>
        </div>
        <div className="stack">
          <button type="button" className="btn btn--primary btn--block" onClick={() => navigate('/login')}>
            Back to Sign In
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={() => setSentTo(null)}>
            Try Different Email
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we'll send you a link to reset your password."
      footer={
        <>
          Remembered it? <Link href="/login">Back to sign in</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={forgot.isPending}>
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
    </AuthCard>
  );
}
