import { Link } from 'wouter';

/** What visitors see on /go-live. */
export function SignInRequired() {
  return (
    <main className="live-page">
      <div className="card sign-in-card" data-testid="sign-in-required">
        <h1 className="auth-card__title">Sign in required</h1>
        <p className="muted">You need to be signed in to start a live stream.</p>
        <Link href="/login" className="btn btn--primary">
          Sign In
        </Link>
      </div>
    </main>
  );
}
