/** The product's mark: a globe with an orbit ("connect, create, rotate"). Decorative by default. */
export function LogoMark({ size = 40, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      className="logo-mark"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <defs>
        <linearGradient id="logo-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#logo-mark-gradient)" />
      <circle cx="32" cy="32" r="13" fill="none" stroke="#fff" strokeWidth="4" />
      <ellipse cx="32" cy="32" rx="23" ry="8" fill="none" stroke="#fff" strokeWidth="3" transform="rotate(-25 32 32)" />
    </svg>
  );
}
