import { Link, useLocation } from 'wouter';
import { LogoMark } from '../../../components/ui/logo-mark.tsx';
import { TrendIcon, UsersIcon, VideoIcon } from '../../../components/ui/icons.tsx';
import { useSlots } from '../../../lib/slots.tsx';
import './landing-page.css';

const FEATURES = [
  {
    icon: <VideoIcon />,
    title: 'Unlimited videos',
    text: 'Post as many clips as you like, from quick moments to full stories.',
  },
  { icon: <UsersIcon />, title: 'Connect & share', text: 'Follow creators, message friends and share what you love.' },
  {
    icon: <TrendIcon />,
    title: 'Go viral',
    text: 'Stories, live streams and a For You feed that help great content travel.',
  },
];

/**
 * "/" for visitors, plus the toast an emailed link's redirect asked for in the query string. Below
 * the pitch, real public content from other features: streams live now, posts trending now and
 * the creators strip with the real number of creators.
 */
export function LandingPage() {
  const [, navigate] = useLocation();
  const { EmailLinkNotices, LiveNow, LandingShowcase } = useSlots();
  return (
    <main className="landing">
      <EmailLinkNotices />
      <section className="landing__hero">
        <div className="landing__glow" aria-hidden="true" />
        <LogoMark size={72} />
        <h1 className="landing__brand">MyWorld</h1>
        <p className="landing__tagline">connect, create, rotate</p>
        <p className="landing__pitch">Short videos, stories and live streams from the people you care about.</p>
        <div className="landing__actions">
          <button type="button" className="btn btn--light btn--block btn--large" onClick={() => navigate('/register')}>
            Create Account
          </button>
          <button
            type="button"
            className="btn btn--outline-light btn--block btn--large"
            onClick={() => navigate('/login')}
          >
            Sign In
          </button>
        </div>
      </section>

      <section className="landing__features" aria-label="Features">
        {FEATURES.map((f) => (
          <article key={f.title} className="feature">
            <span className="feature__icon">{f.icon}</span>
            <div>
              <h2 className="feature__title">{f.title}</h2>
              <p className="feature__text">{f.text}</p>
            </div>
          </article>
        ))}
      </section>

      <LiveNow />
      <LandingShowcase />

      <footer className="landing__footer">
        <Link href="/mobile-test">Try the mobile demo</Link>
        <Link href="/privacy-policy">Privacy Policy</Link>
        <Link href="/terms-of-service">Terms of Service</Link>
      </footer>
    </main>
  );
}
