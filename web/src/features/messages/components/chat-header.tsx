import { FOLLOW_MESSAGES } from '@myworld/schemas';
import { displayName } from '../../../lib/profile-look.ts';
import type { ChatPartnerState } from '../hooks/use-chat-partner.ts';
import { BackButton } from './back-button.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The chat's top bar: back to the list, and who the chat is with. */
export function ChatHeader({ partner, onBack }: { partner: ChatPartnerState; onBack: () => void }) {
  return (
    <header className="messages-header">
      <BackButton label="Back to conversations" testId="chat-back" onClick={onBack} />
      <div className="chat-header" data-testid="chat-header">
        {partner.status === 'found' ? (
          <>
            <UserAvatar user={partner.partner} />
            <span className="chat-header__names">
              <span className="chat-header__name">{displayName(partner.partner)}</span>
              <span className="chat-header__handle">@{partner.partner.username}</span>
            </span>
          </>
        ) : partner.status === 'loading' ? (
          <span className="spinner" role="progressbar" aria-label="Loading" />
        ) : (
          <span className="chat-header__name">
            {partner.status === 'not-found' ? FOLLOW_MESSAGES.userNotFound : partner.message}
          </span>
        )}
      </div>
    </header>
  );
}
