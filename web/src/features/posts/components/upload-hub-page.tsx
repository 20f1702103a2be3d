import { TabList } from '../../../components/ui/tab-list.tsx';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { EditIcon, LiveIcon, VideoIcon } from '../../../components/ui/icons.tsx';
import { HubDiscoverTab } from './hub-discover-tab.tsx';
import { HubLiveTab } from './hub-live-tab.tsx';
import { PageHeader } from './page-header.tsx';
import './posts.css';

type HubTab = 'video' | 'live' | 'discover';

const TABS: { id: HubTab; label: string }[] = [
  { id: 'video', label: 'Video' },
  { id: 'live', label: 'Live' },
  { id: 'discover', label: 'Discover' },
];

/** /upload: the post-creation hub (text composer, reel, the video editor, go live, and the three tabs). */
export function UploadHubPage() {
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<HubTab>('video');
  return (
    <main className="posting-page" data-testid="upload-hub">
      <PageHeader title="Create" backTo="/" />
      <button
        type="button"
        className="card whats-happening"
        data-testid="whats-happening"
        onClick={() => navigate('/create-post')}
      >
        What's happening?
      </button>
      <div className="hub-cards">
        <Link href="/quick-videos" className="card hub-card" data-testid="create-reel-card">
          <span className="hub-card__icon">
            <VideoIcon />
          </span>
          <span className="hub-card__title">Create Reel</span>
          <span className="hub-card__text">Upload a short video</span>
        </Link>
        <Link href="/video-editor" className="card hub-card" data-testid="edit-video-card">
          <span className="hub-card__icon">
            <EditIcon />
          </span>
          <span className="hub-card__title">Edit Video</span>
          <span className="hub-card__text">Filters, stickers and text</span>
        </Link>
        <Link href="/go-live" className="card hub-card" data-testid="go-live-card">
          <span className="hub-card__icon hub-card__icon--live">
            <LiveIcon />
          </span>
          <span className="hub-card__title">Go Live</span>
          <span className="hub-card__text">Stream with your camera</span>
        </Link>
      </div>
      <TabList
        label="Create"
        tabs={TABS}
        value={tab}
        onChange={setTab}
        className="hub-tabs"
        tabClassName="hub-tabs__tab"
        testId={(id) => `hub-tab-${id}`}
      />
      <div role="tabpanel" className="hub-panel">
        {tab === 'video' && <HubVideoTab />}
        {tab === 'live' && <HubLiveTab />}
        {tab === 'discover' && <HubDiscoverTab />}
      </div>
    </main>
  );
}

/** The video tab: the way to the short-video upload. */
function HubVideoTab() {
  return (
    <section className="card hub-video" aria-label="Upload a video">
      <span className="empty-state__icon">
        <VideoIcon />
      </span>
      <p className="hub-video__title">Upload a video</p>
      <p className="muted">Share a short video with your followers.</p>
      <Link href="/quick-videos" className="btn btn--primary" data-testid="hub-upload-video">
        Select Video
      </Link>
    </section>
  );
}
