import { describe, expect, it } from 'vitest';
import type { Profile } from '@myworld/schemas';
import { withFollowChange } from './follow-counts.ts';

const base: Profile = {
  id: 'sam',
  firstName: 'Sam',
  lastName: '',
  username: 'sam',
  bio: null,
  aboutMe: null,
  profileImageUrl: null,
  backgroundImageUrl: null,
  backgroundColor: '#ffffff',
  textColor: '#1f2937',
  followerCount: 0,
  followingCount: 3,
  postCount: 0,
  isFollowing: false,
  isSelf: false,
};

describe('withFollowChange', () => {
  it('the followee gains or loses a follower once, never below zero', () => {
    expect(withFollowChange(base, 'sam', true)).toMatchObject({ isFollowing: true, followerCount: 1 });
    const followed = { ...base, isFollowing: true, followerCount: 1 };
    expect(withFollowChange(followed, 'sam', true)).toBe(followed);
    expect(withFollowChange({ ...base, isFollowing: true }, 'sam', false)).toMatchObject({
      isFollowing: false,
      followerCount: 0,
    });
  });

  it("the viewer's own profile gains or loses a followee; others and unknown users are untouched", () => {
    const me = { ...base, id: 'me', isSelf: true };
    expect(withFollowChange(me, 'sam', true)).toMatchObject({ followingCount: 4 });
    expect(withFollowChange(me, 'sam', false)).toMatchObject({ followingCount: 2 });
    const other = { ...base, id: 'kim' };
    expect(withFollowChange(other, 'sam', true)).toBe(other);
    expect(withFollowChange(null, 'sam', true)).toBeNull();
  });
});
