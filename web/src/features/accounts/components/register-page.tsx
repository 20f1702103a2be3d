import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { isAtLeast13, isPasswordValid, isUsernameValid, normalizeUsername, registerBody } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useRegisterUser } from '../api/register-user.ts';
import { useUsernameAvailability } from '../api/check-username.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from './password-field.tsx';
import { PasswordChecklist } from './password-checklist.tsx';
import { UsernameStatusText } from './username-status.tsx';

const todayIso = () => new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD in the user's own day

export function RegisterPage() {
  const [, navigate] = useLocation();
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    username: '',
    birthDate: '',
    password: '',
  });
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const register = useRegisterUser();
  const usernameStatus = useUsernameAvailability(form.username);

  const passwordOk = isPasswordValid(form.password);
  const ageOk = form.birthDate === '' || isAtLeast13(form.birthDate, new Date()); // blank: asked for on submit
  const usernameOk =
    form.username === '' ||
    (isUsernameValid(form.username) && usernameStatus !== 'taken' && usernameStatus !== 'checking');
  const canSubmit = passwordOk && ageOk && usernameOk && !register.isPending;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const fail = (title: string, description: string) => toast({ title, description, variant: 'destructive' });
    const { firstName, lastName, email, username, birthDate, password } = form;
    if (![firstName, lastName, email, username, birthDate].every((v) => v.trim())) {
      return fail('Missing information', 'Please fill in all required fields.');
    }
    if (!isPasswordValid(password))
      return fail('Invalid password', 'Please ensure your password meets all requirements.');
    if (!isAtLeast13(birthDate, new Date())) {
      return fail('Age requirement', 'You must be at least 13 years old to create an account.');
    }
    if (usernameStatus === 'taken') return fail('Username unavailable', 'This username is already taken');
    const body = registerBody.safeParse(form);
    if (!body.success)
      return fail(
        'Registration failed',
        body.error.issues[0]?.message ?? 'Please check your information and try again.',
      );

    try {
      const res = await register.mutateAsync(body.data);
      toast({ title: 'Account created!', description: res.message });
      navigate('/');
    } catch (err) {
      fail('Registration failed', serverMessage(err) ?? 'Please check your information and try again.');
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Join MyWorld and start sharing"
      footer={
        <>
          Already have an account? <Link href="/login">Sign in</Link>
        </>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <TextField
            label="First name"
            autoComplete="given-name"
            value={form.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            value={form.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={form.username}
          onChange={(e) => set('username')(normalizeUsername(e.target.value))}
          hint={<UsernameStatusText username={form.username} status={usernameStatus} />}
        />
        <TextField
          label="Birth date"
          type="date"
          max={todayIso()}
          value={form.birthDate}
          onChange={(e) => set('birthDate')(e.target.value)}
          hint={
            !ageOk && (
              <p className="field__hint field__hint--error" data-testid="age-error" role="alert">
                You must be at least 13 years old to create an account.
              </p>
            )
          }
        />
        <PasswordField
          label="Password"
          value={form.password}
          onChange={set('password')}
          autoComplete="new-password"
          hint={<PasswordChecklist password={form.password} />}
        />
        <p className="form__note muted">
          By creating an account you agree to the <Link href="/terms-of-service">Terms of Service</Link> and the{' '}
          <Link href="/privacy-policy">Privacy Policy</Link>.
        </p>
        <button type="submit" className="btn btn--primary btn--block" disabled={!canSubmit}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </button>
      </form>
    </AuthCard>
  );
}
