import { LogoMark } from '../../../components/ui/logo-mark.tsx';

/** The demo's first screen: what MyWorld is, and the way in. */
export function DemoSplash({ onEnter }: { onEnter: () => void }) {
  return (
    <section className="demo-splash" data-testid="demo-splash">
      <LogoMark size={84} />
      <h1 className="demo-splash__brand">MyWorld</h1>
      <p className="demo-splash__tagline">connect, create, rotate</p>
      <p className="demo-splash__pitch">
        A creative community for short videos, stories and live streams, with a profile you make your own.
      </p>
      <button type="button" className="btn btn--light btn--block btn--large" onClick={onEnter}>
        Enter MyWorld
      </button>
      <p className="demo-splash__note">A demo with sample content: nothing you do here is sent anywhere.</p>
    </section>
  );
}
