import type { PostItem } from '@myworld/schemas';
import { useSharePost } from '../api/share-post.ts';
import { copyLinkAndToast } from '../lib/copy-link.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { ActionButton } from './action-button.tsx';
import { ShareIcon } from '../../../components/ui/icons.tsx';

/** Counts a share, then copies the link the server answered. */
export function ShareButton({ post }: { post: PostItem }) {
  const share = useSharePost(post.id);

  async function onShare() {
    let link: string;
    try {
      ({ link } = await share.mutateAsync());
    } catch (error) {
      toastFailure('Error', error);
      return;
    }
    await copyLinkAndToast(link);
  }

  return (
    <ActionButton
      label="Share"
      icon={<ShareIcon />}
      count={post.shareCount}
      testId="share-button"
      countTestId="share-count"
      onClick={() => void onShare()}
    />
  );
}
