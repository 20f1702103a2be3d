import { useState } from 'react';
import { Link } from 'wouter';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { LogoMark } from '../../../components/ui/logo-mark.tsx';
import { SAMPLE_POSTS, SAMPLE_STORIES, type DemoPost } from '../lib/sample-data.ts';
import { DemoCreateSheet } from './demo-create-sheet.tsx';
import { DemoPostCard } from './demo-post-card.tsx';
import { DemoSplash } from './demo-splash.tsx';
import { DemoStories } from './demo-stories.tsx';
import './mobile-demo.css';

/**
 * /mobile-test: the product as a phone shows it, on bundled sample data only. It makes no request
 * and keeps nothing: what a visitor posts lives in this page's state until they leave.
 */
export function MobileDemoPage() {
  const [entered, setEntered] = useState(false);
  const [posts, setPosts] = useState<DemoPost[]>(SAMPLE_POSTS);
  const [creating, setCreating] = useState(false);
  // Derived, not counted separately: every post beyond the samples is one the visitor published.
  const ownPosts = posts.length - SAMPLE_POSTS.length;

  function publish(post: DemoPost) {
    setPosts((all) => [post, ...all]);
    setCreating(false);
  }

  return (
    <main className="mobile-demo">
      <div className="mobile-demo__phone" data-testid="mobile-demo">
        {!entered ? (
          <DemoSplash onEnter={() => setEntered(true)} />
        ) : (
          <>
            <header className="mobile-demo__bar">
              <LogoMark size={30} />
              <span className="mobile-demo__brand">MyWorld</span>
              <span className="mobile-demo__badge">Demo</span>
              <Link href="/" className="mobile-demo__exit">
                Exit demo
              </Link>
            </header>
            <DemoStories stories={SAMPLE_STORIES} />
            <section className="mobile-demo__feed" aria-label="Feed" data-testid="demo-feed">
              {posts.map((post) => (
                <DemoPostCard key={post.id} post={post} />
              ))}
            </section>
            <button type="button" className="mobile-demo__create" aria-label="Create" onClick={() => setCreating(true)}>
              <PlusIcon />
            </button>
            {creating && (
              <DemoCreateSheet nextId={`mine-${ownPosts + 1}`} onPost={publish} onClose={() => setCreating(false)} />
            )}
          </>
        )}
      </div>
    </main>
  );
}
