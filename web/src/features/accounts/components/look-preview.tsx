import type { CustomizeDraft } from '../lib/customize-draft.ts';
import { drawLook } from '../../../lib/profile-look.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

/** The profile as the modal's changes would draw it. */
export function LookPreview({ username, draft }: { username: string; draft: CustomizeDraft }) {
  const look = drawLook(draft);
  return (
    <div
      className="look-preview"
      data-testid="profile-preview"
      data-background={look.kind}
      style={look.style}
      aria-label="Preview"
    >
      <ProfileAvatar username={username} profileImageUrl={draft.profileImageUrl} />
      <div className="look-preview__text">
        <p className="look-preview__name">{username}</p>
        <p className="look-preview__handle">@{username}</p>
      </div>
    </div>
  );
}
