import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithApp, signedInQueryClient } from '../testing/render-with-app.tsx';
import { json, stubFetch } from '../testing/stub-fetch.ts';
import { createQueryClient } from './query-client.ts';
import { useResumeAfterSignIn, useSignInFirst } from './use-sign-in-first.ts';

// A visitor: the session check answers 401.
beforeEach(() => {
  stubFetch(() => json(401, { error: 'unauthorized', message: 'Not signed in' }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Like({ run }: { run: () => void }) {
  const signInFirst = useSignInFirst('like:p1');
  useResumeAfterSignIn('like:p1', run);
  return (
    <button type="button" onClick={() => signInFirst() || run()}>
      Like
    </button>
  );
}

/** The button, and a way to render it again. */
function Host({ run }: { run: () => void }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <Like run={run} />
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again
      </button>
    </>
  );
}

describe('an action through signing in', () => {
  it("a visitor's like goes to sign-in with the action on the way back", () => {
    const run = vi.fn();
    const { location } = renderWithApp(<Like run={run} />, {
      url: '/post/p1?ref=share',
      queryClient: createQueryClient(),
    });
    fireEvent.click(screen.getByText('Like'));
    expect(location.history.at(-1)).toBe(`/login?next=${encodeURIComponent('/post/p1?ref=share&resume=like%3Ap1')}`);
    expect(run).not.toHaveBeenCalled();
  });

  it('back signed in, the action runs once and leaves the address', () => {
    const run = vi.fn();
    const { location } = renderWithApp(<Host run={run} />, {
      url: '/post/p1?ref=share&resume=like%3Ap1',
      queryClient: signedInQueryClient(),
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(location.history.at(-1)).toBe('/post/p1?ref=share');
    fireEvent.click(screen.getByText('Render again'));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("another action's address, or no user yet: nothing runs", () => {
    const run = vi.fn();
    renderWithApp(<Like run={run} />, { url: '/post/p1?resume=like%3Ap2', queryClient: signedInQueryClient() });
    renderWithApp(<Like run={run} />, { url: '/post/p1?resume=like%3Ap1', queryClient: createQueryClient() });
    expect(run).not.toHaveBeenCalled();
  });
});
