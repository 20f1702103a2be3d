/**
 * Where the payment page sends the buyer back: a path on this site only ("/stream/abc"), never
 * another origin ("//evil.example", "https://...", "/\\evil"), so the link cannot become an open
 * redirect. Anything else returns to "/".
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const base = 'https://same.site';
    return new URL(value, base).origin === base ? value : '/';
  } catch {
    return '/';
  }
}
