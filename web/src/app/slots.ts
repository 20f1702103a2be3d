import type { Slots } from '../lib/slots.tsx';
import { AccountSettingsModal } from '../features/accounts/components/account-settings-modal.tsx';
import { EmailLinkNotices } from '../features/accounts/components/email-link-notices.tsx';
import { VerificationBanner } from '../features/accounts/components/verification-banner.tsx';
import { MediaUploader } from '../features/media/components/media-uploader.tsx';

/** Which feature's component fills each slot another feature's page leaves for it. */
export const appSlots: Slots = {
  EmailLinkNotices,
  AccountNotices: VerificationBanner,
  AccountSettings: AccountSettingsModal,
  Uploader: MediaUploader,
};
