import { TabList } from '../../../components/ui/tab-list.tsx';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { PROFILE_PAGE_MESSAGES } from '@myworld/schemas';
import { useProfile } from '../../../lib/profile-reads.ts';
import { drawLook } from '../../../lib/profile-look.ts';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useSlots } from '../../../lib/slots.tsx';
import { ProfilePhotoGrid } from './profile-photo-grid.tsx';
import { ProfilePostGrid } from './profile-post-grid.tsx';
import { ProfileSummary } from './profile-summary.tsx';
import { ProfileVideoGrid } from './profile-video-grid.tsx';
import './profiles.css';

type Tab = 'posts' | 'videos' | 'photos';
const PROFILE_TABS: { id: Tab; label: string }[] = [
  { id: 'posts', label: 'Posts' },
  { id: 'videos', label: 'Videos' },
  { id: 'photos', label: 'Photos' },
];

/** /profile/{userId}: anyone's profile (by id or username), drawn in its owner's look. */
export function PublicProfilePage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const query = useProfile(userId);
  const [tab, setTab] = useState<Tab>('posts');

  if (query.isPending) {
    return (
      <main className="full-screen-center">
        <span className="spinner" role="progressbar" aria-label="Loading profile" />
      </main>
    );
  }
  if (query.isError) {
    return (
      <main className="full-screen-center" data-testid="profile-load-error">
        <h1 className="not-found__title">Could not load this profile</h1>
        <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </main>
    );
  }
  if (query.data === null) {
    return (
      <main className="full-screen-center" data-testid="profile-not-found">
        <h1 className="not-found__title">{PROFILE_PAGE_MESSAGES.notFound}</h1>
        <Link href="/">Go Home</Link>
      </main>
    );
  }

  const profile = query.data;
  const look = drawLook(profile);
  return (
    <main className="public-profile" data-testid="public-profile" data-background={look.kind} style={look.style}>
      <div className="public-profile__column">
        <ProfileBar userId={profile.id} username={profile.username} />
        <ProfileSummary profile={profile} />
        <TabList
          label="Profile content"
          tabs={PROFILE_TABS}
          value={tab}
          onChange={setTab}
          className="public-profile__tabs"
          tabClassName="public-profile__tab"
          testId={(id) => `profile-${id}-tab`}
        />
        <div role="tabpanel">
          {tab === 'posts' ? (
            <ProfilePostGrid userId={profile.id} />
          ) : tab === 'videos' ? (
            <ProfileVideoGrid userId={profile.id} />
          ) : (
            <ProfilePhotoGrid userId={profile.id} />
          )}
        </div>
      </div>
    </main>
  );
}

/** Back home (like the own profile), whose profile this is, and (signed in, someone else's) Report. */
function ProfileBar({ userId, username }: { userId: string; username: string }) {
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const { ReportAction } = useSlots();
  const back = () => navigate('/');
  return (
    <header className="public-profile__bar">
      <button type="button" className="icon-button" aria-label="Back" data-testid="back-button" onClick={back}>
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m15 18-6-6 6-6" />
        </svg>
      </button>
      <h1 className="public-profile__title">{username}</h1>
      {user && user.id !== userId && (
        <MenuButton
          label="More about this profile"
          testId="profile-more"
          items={(close) => <ReportAction contentType="user" contentId={userId} onDone={close} />}
        />
      )}
    </header>
  );
}
