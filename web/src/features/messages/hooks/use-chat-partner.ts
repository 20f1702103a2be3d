import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from '../../../lib/profile-reads.ts';
import { useConversations } from '../api/list-conversations.ts';
import { allConversations } from '../lib/conversation-pages.ts';

/** Who a chat is with, as its header shows them. */
export interface ChatPartner {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

export type ChatPartnerState =
  | { status: 'loading' }
  | { status: 'found'; partner: ChatPartner }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/**
 * The other user of a conversation: from the conversation list when it has them, otherwise (a
 * conversation with no messages yet, opened by /messages?to=) from their profile.
 */
export function useChatPartner(otherUserId: string): ChatPartnerState {
  // Only reads the cached list (the badge and the list page read it): no request of its own.
  const listed = allConversations(useConversations({ enabled: false }).data).find(
    (c) => c.otherUser.id === otherUserId,
  )?.otherUser;
  // The profiles' shared cache entry: coming from that user's profile page reads no more.
  const profile = useQuery({ ...profileQueryOptions(otherUserId), enabled: !listed });
  if (listed) return { status: 'found', partner: listed };
  if (profile.isPending) return { status: 'loading' };
  if (profile.isError) return { status: 'error', message: profile.error.message };
  return profile.data ? { status: 'found', partner: profile.data } : { status: 'not-found' };
}
