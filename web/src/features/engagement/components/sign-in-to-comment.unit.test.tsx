import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithApp, signedInQueryClient } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { PostComments } from './post-comments.tsx';

beforeEach(() => {
  stubFetch((url) =>
    url === '/api/auth/user' ? json(401, { error: 'unauthorized', message: 'Not signed in' }) : json(200, []),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('commenting through signing in', () => {
  it('a visitor is sent to sign in with the comment as the action to resume on the way back', async () => {
    renderWithApp(<PostComments postId="p1" />, { url: '/post/p1', queryClient: createQueryClient() });
    const link = await screen.findByRole('link', { name: 'Sign in to comment' });
    expect(link.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/post/p1?resume=comment%3Ap1')}`);
  });

  it('back signed in, the composer has the focus and the action leaves the address', async () => {
    const { location } = renderWithApp(<PostComments postId="p1" />, {
      url: '/post/p1?resume=comment%3Ap1',
      queryClient: signedInQueryClient(),
    });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('comment-input')));
    expect(location.history.at(-1)).toBe('/post/p1');
  });
});
