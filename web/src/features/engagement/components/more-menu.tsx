import { Link } from 'wouter';
import { postLink, type PostItem } from '@myworld/schemas';
import { MenuButton } from '../../../components/ui/menu-button.tsx';
import { MoreIcon } from '../../../components/ui/icons.tsx';
import { useSlots } from '../../../lib/slots.tsx';
import { copyLinkAndToast } from '../lib/copy-link.ts';
import { useKnownUser } from '../../../lib/current-user.ts';

/**
 * A post's "…": Copy link (no share counted), Edit in video editor on the author's own videos, and
 * Report (the moderation feature's slot) for signed-in users.
 */
export function MoreMenu({ post }: { post: PostItem }) {
  const { ReportAction } = useSlots();
  const user = useKnownUser();
  return (
    <MenuButton
      label="More"
      testId="more-button"
      placement="left"
      className="post-action"
      items={(close) => (
        <>
          <button
            type="button"
            role="menuitem"
            className="menu__item"
            data-testid="copy-link"
            onClick={() => {
              close();
              void copyLinkAndToast(postLink(post));
            }}
          >
            Copy link
          </button>
          {user && post.kind === 'video' && post.authorId === user.id && (
            <Link
              href={`/video-editor?video=${encodeURIComponent(post.id)}`}
              role="menuitem"
              className="menu__item"
              data-testid="edit-in-editor"
              onClick={close}
            >
              Edit in video editor
            </Link>
          )}
          {user && (
            <ReportAction
              contentType={post.kind === 'video' ? 'video' : 'text_post'}
              contentId={post.id}
              onDone={close}
            />
          )}
        </>
      )}
    >
      <span className="post-action__icon">
        <MoreIcon />
      </span>
      <span className="visually-hidden">More</span>
    </MenuButton>
  );
}
