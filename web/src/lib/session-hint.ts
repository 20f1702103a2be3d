/**
 * Whether this browser was signed in the last time it asked, remembered across loads. The session
 * cookie is HttpOnly, so this hint is how a first load knows, before the session check answers,
 * that starting a signed-in screen's reads is worth it (see app/first-screen-prefetch.ts). It is
 * never trusted for anything else: the server decides every read.
 */
const KEY = 'myworld.signed-in';

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    /* storage blocked (private mode): no hint, no prefetch */
  }
}

export function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
