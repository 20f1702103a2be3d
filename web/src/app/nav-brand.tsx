import { LogoMark } from '../components/ui/logo-mark.tsx';

/** The mark (and from 1280 px the name) at the top of the navigation when it is the desktop rail; hidden on the bottom bar. */
export function NavBrand() {
  return (
    <span className="bottom-nav__brand" aria-hidden="true">
      <LogoMark size={36} />
      <span className="brand-name bottom-nav__brand-name">MyWorld</span>
    </span>
  );
}
