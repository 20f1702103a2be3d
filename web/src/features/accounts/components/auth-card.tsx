import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LogoMark } from '../../../components/ui/logo-mark.tsx';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame every sign-in page shares: brand on top, one card, a footer line. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <main className="auth-page">
      <Link href="/" className="auth-page__brand" aria-label="MyWorld home">
        <LogoMark size={36} />
        <span className="brand-name">MyWorld</span>
      </Link>
      <section className="card auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
        {children}
      </section>
      {footer && <p className="auth-page__footer">{footer}</p>}
    </main>
  );
}
