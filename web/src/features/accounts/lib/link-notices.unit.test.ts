import { describe, expect, it } from 'vitest';
import { linkNoticeFor } from './link-notices.ts';

describe('email link notices', () => {
  it('?verified=true is a success notice', () => {
    expect(linkNoticeFor('?verified=true')).toEqual({
      title: 'Email verified successfully!',
      description: 'Your account is now verified. You can start using all features.',
    });
  });

  it('an unknown error code still explains itself', () => {
    expect(linkNoticeFor('?error=something-new')).toEqual({
      title: 'Verification failed',
      description: 'Email verification failed. Please try again.',
      variant: 'destructive',
    });
    expect(linkNoticeFor('?foo=bar')).toBeNull();
    expect(linkNoticeFor('?verified=false')).toBeNull();
  });
});
