import { useEffect, useState } from 'react';
import { postLink, type PostItem } from '@myworld/schemas';
import { useSlots } from '../../../lib/slots.tsx';
import { copyLinkAndToast } from '../lib/copy-link.ts';
import { MoreIcon } from '../../../components/ui/icons.tsx';

/** "…": Copy link (no share counted), and Report once the moderation feature fills its slot. */
export function MoreMenu({ post }: { post: PostItem }) {
  const { ReportAction } = useSlots();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="post-more">
      <button
        type="button"
        className="post-action"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="more-button"
        onClick={() => setOpen((o) => !o)}
      >
        <span className="post-action__icon">
          <MoreIcon />
        </span>
        <span className="visually-hidden">More</span>
      </button>
      {open && (
        <>
          {/* A backdrop rather than a document listener: a dialog the report action opens (even in a portal) is above it, so clicks there keep the menu. */}
          <div className="post-more__backdrop" aria-hidden="true" onClick={close} />
          <div className="post-more__menu" role="menu" data-testid="more-menu">
            <button
              type="button"
              role="menuitem"
              className="post-more__item"
              data-testid="copy-link"
              onClick={() => {
                close();
                void copyLinkAndToast(postLink(post));
              }}
            >
              Copy link
            </button>
            {ReportAction && <ReportAction contentType={post.kind === 'video' ? 'video' : 'text_post'} contentId={post.id} onDone={close} />}
          </div>
        </>
      )}
    </div>
  );
}
