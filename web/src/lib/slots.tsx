import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { ContentType, CurrentUser, FeedTab, PostItem, ReceivedGift } from '@myworld/schemas';

/**
 * Places where one feature's page shows another feature's UI. Features never import each other:
 * the page renders the slot by name, and the app fills it (app/slots.ts) with the component of the
 * feature that owns it. An unfilled slot renders nothing.
 */
/** What the uploader is for: each use has its own limits (see the media feature's upload-purposes). */
export type UploadPurpose =
  'profilePicture' | 'profileBackground' | 'backgroundTabImage' | 'postPhoto' | 'video' | 'default';

/** What a finished upload hands on: the address to attach (a presigned PUT's, or a multipart upload's location). */
export interface UploadedFile {
  uploadURL: string;
  /** The bytes the person chose, for a local preview (an upload is only served once something attaches it). */
  file?: Blob;
}

export interface UploaderProps {
  purpose: UploadPurpose;
  /** The button's text. */
  label: string;
  /** A line in the upload dialog saying what may be chosen. */
  note?: string;
  /** `{testId}-button` is the button, `{testId}-dialog` holds the upload dialog (and its file input). */
  testId: string;
  disabled?: boolean;
  onUploaded: (file: UploadedFile) => void | Promise<void>;
}

/**
 * Where a list of posts shown as feed items comes from: one of Home's feed tabs, or any GET that
 * answers feed items paged by X-Next-Cursor, named by its query key (whose segments, joined by
 * "/", are its URL, as for every read; see query-keys.ts).
 */
export type PostSource = { kind: 'feed'; tab: FeedTab } | { kind: 'list'; queryKey: readonly string[] };

export interface PostFeedProps {
  source: PostSource;
  /** The list's accessible name. */
  label: string;
  /** What an empty list shows. */
  empty: ReactNode;
  /** Shown before the first post and scrolled away with the list (Home's notices and stories). */
  lead?: ReactNode;
}

export interface Slots {
  /** On "/" (landing and home): the toast an emailed link's redirect asked for in the query string. */
  EmailLinkNotices: ComponentType;
  /** Under home's header: what the signed-in user should do about their account (verify the email). */
  AccountNotices: ComponentType<{ user: CurrentUser }>;
  /** The dialog home's settings button opens. */
  AccountSettings: ComponentType<{ user: CurrentUser; onClose: () => void }>;
  /** The upload button and dialog (the media feature's), wherever a feature takes a file. */
  Uploader: ComponentType<UploaderProps>;
  /** Beside a feed item or on a detail page: like, comment, share, more (the engagement feature's). */
  PostActions: ComponentType<{ post: PostItem }>;
  /** A post's comments, newest first, with the composer (the engagement feature's), on detail pages. */
  PostComments: ComponentType<{ postId: string }>;
  /** Follow / Following for a user (the follows feature's). */
  FollowButton: ComponentType<{ userId: string; following: boolean }>;
  /** A user's videos in a 3-column grid (the profiles feature's), on the own profile page. */
  ProfileVideoGrid: ComponentType<{ userId: string }>;
  /** Every post of a user, text posts as their cards, in a 3-column grid (the profiles feature's), on the own profile page. */
  ProfilePostGrid: ComponentType<{ userId: string }>;
  /** On the landing page: the posts trending now and the creators strip with real figures (the search feature's). */
  LandingShowcase: ComponentType;
  /** On the landing page: the streams live now, if any (the live streams feature's). */
  LiveNow: ComponentType;
  /** On Home, under the notices: the stories strip with the add-story tile (the stories feature's). */
  StoriesStrip: ComponentType;
  /** Beside Home's column on wide screens: recommended posts (the recommendations feature's). */
  HomeSidebar: ComponentType;
  /** Posts as the feed shows them (one per screen, paged as the end nears), on pages such as discover and a hashtag's (the feed feature's). */
  PostFeed: ComponentType<PostFeedProps>;
  /** On the bottom bar's Messages item: the total unread count, live (the messages feature's). */
  MessagesBadge: ComponentType;
  /** In a live room's actions: choose a gift and pay for it (the gifts feature's). */
  GiftPicker: ComponentType<{ streamId: string; isOwner: boolean; signedIn: boolean }>;
  /** Over a live video: each received gift for 3 s (the gifts feature's). */
  GiftAnimation: ComponentType<{ gifts: readonly ReceivedGift[] }>;
  /** In a live room's chat: a received gift with its sender and message (the gifts feature's). */
  GiftChatLine: ComponentType<{ gift: ReceivedGift }>;
  /**
   * On /stream/{id} in the payment window, back from the card payment (the outcome in the query): hands
   * the outcome to the buyer's tab and closes; `onNoBuyerTab` when there is none (the gifts feature's).
   */
  PaymentReturn: ComponentType<{
    paymentIntentId: string;
    outcome: 'succeeded' | 'failed';
    onNoBuyerTab: () => void;
  }>;
  /** On the go-live page: the streamer's gift earnings (the gifts feature's). */
  EarningsSummary: ComponentType;
  /** "Report" in the more menu of a post, comment, profile, story, chat line or message (the moderation feature's): a menu item that opens the report form; `onDone` closes the menu. */
  ReportAction: ComponentType<{ contentType: ContentType; contentId: string; onDone: () => void }>;
}

const nothing = () => null;

const SlotsContext = createContext<Slots>({
  EmailLinkNotices: nothing,
  AccountNotices: nothing,
  AccountSettings: nothing,
  Uploader: nothing,
  PostActions: nothing,
  PostComments: nothing,
  FollowButton: nothing,
  ProfileVideoGrid: nothing,
  ProfilePostGrid: nothing,
  LandingShowcase: nothing,
  LiveNow: nothing,
  StoriesStrip: nothing,
  HomeSidebar: nothing,
  PostFeed: nothing,
  MessagesBadge: nothing,
  GiftPicker: nothing,
  GiftAnimation: nothing,
  GiftChatLine: nothing,
  PaymentReturn: nothing,
  EarningsSummary: nothing,
  ReportAction: nothing,
});

export const SlotsProvider = SlotsContext.Provider;

export function useSlots(): Slots {
  return useContext(SlotsContext);
}
