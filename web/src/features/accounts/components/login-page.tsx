import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { loginBody } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { refreshCurrentUser } from '../../../lib/current-user.ts';
import { nextPathFrom } from '../../../lib/next-path.ts';
import { useSignIn } from '../api/sign-in.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';

/** After a successful sign-in, wait this long before going on (the toast reads first). */
export const REDIRECT_AFTER_LOGIN_MS = 500;

export function LoginPage() {
  const [, navigate] = useLocation();
  // The page that sent a visitor here (see app/sign-in-first.tsx), or home.
  const next = nextPathFrom(useSearch());
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useSignIn();
  const queryClient = useQueryClient();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = loginBody.safeParse({ email, password });
    if (!body.success) {
      toast({
        title: 'Missing information',
        description: 'Please enter both email and password.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const res = await login.mutateAsync(body.data);
      toast({ title: 'Welcome back!', description: res.message });
      // The refresh reads with X-Min-Position (see api-client.ts), so it sees this sign-in.
      redirect.current = setTimeout(
        () => void refreshCurrentUser(queryClient).then(() => navigate(next)),
        REDIRECT_AFTER_LOGIN_MS,
      );
    } catch (err) {
      toast({
        title: 'Login failed',
        description: serverMessage(err) ?? 'Please check your email and password.',
        variant: 'destructive',
      });
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to continue to MyWorld"
      footer={
        <>
          Don't have an account? <Link href="/register">Create one now</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
        <div className="form__aside">
          <Link href="/forgot-password">Forgot your password?</Link>
        </div>
        <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
    </AuthCard>
  );
}
