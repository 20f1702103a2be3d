import type { Slots } from '../lib/slots.tsx';
import { lazySlot } from '../lib/lazy-slot.tsx';
import { AccountSettingsModal } from '../features/accounts/components/account-settings-modal.tsx';
import { EmailLinkNotices } from '../features/accounts/components/email-link-notices.tsx';
import { VerificationBanner } from '../features/accounts/components/verification-banner.tsx';
import { FollowButton } from '../features/follows/components/follow-button.tsx';
import { ProfilePostGrid } from '../features/profiles/components/profile-post-grid.tsx';
import { ProfileVideoGrid } from '../features/profiles/components/profile-video-grid.tsx';
import { PostActions } from '../features/engagement/components/post-actions.tsx';
import { PostComments } from '../features/engagement/components/post-comments.tsx';
import { MessagesBadge } from '../features/messages/components/messages-badge.tsx';
import { StoriesStrip } from '../features/stories/components/stories-strip.tsx';
import { FeedList } from '../features/feed/components/feed-list.tsx';
import { EarningsSummary } from '../features/gifts/components/earnings-summary.tsx';
import { GiftAnimation } from '../features/gifts/components/gift-animation.tsx';
import { GiftChatLine } from '../features/gifts/components/gift-chat-line.tsx';
import { PaymentReturn } from '../features/gifts/components/payment-return.tsx';
import { GiftPicker } from '../features/gifts/components/gift-picker.tsx';
import { RecommendationsSidebar } from '../features/recommendations/components/recommendations-sidebar.tsx';
import { ReportAction } from '../features/moderation/components/report-action.tsx';
import { LandingShowcase } from '../features/search/components/landing-showcase.tsx';
import { LiveNowRow } from '../features/live-streams/components/live-now-row.tsx';

/** Which feature's component fills each slot another feature's page leaves for it. */
export const appSlots: Slots = {
  EmailLinkNotices,
  AccountNotices: VerificationBanner,
  AccountSettings: AccountSettingsModal,
  // Uppy is most of the uploader's weight: loaded when a page first shows an upload button.
  Uploader: lazySlot(() => import('../features/media/components/media-uploader.tsx'), 'MediaUploader'),
  // The engagement, follows and profiles features fill these (issue 10, in progress).
  PostActions,
  PostComments,
  FollowButton,
  ProfileVideoGrid,
  ProfilePostGrid,
  // The stories and messages features fill these (issue 11, in progress).
  StoriesStrip,
  MessagesBadge,
  // The feed shows posts on other features' pages (search's discover and hashtag pages); recommendations fill Home's sidebar (issue 12).
  PostFeed: FeedList,
  HomeSidebar: RecommendationsSidebar,
  // The gifts feature fills the live room's and the go-live page's gift places (issue 13).
  GiftPicker,
  GiftAnimation,
  GiftChatLine,
  PaymentReturn,
  EarningsSummary,
  // The moderation feature's Report item in every more menu (issue 14).
  ReportAction,
  // The landing page's real content: trending posts and creators (search), streams live now (live streams).
  LandingShowcase,
  LiveNow: LiveNowRow,
};
