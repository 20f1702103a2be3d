import { useState } from 'react';
import type { CurrentUser } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useCustomizeProfile } from '../api/customize-profile.ts';
import { useAttachBackground, useAttachPicture } from '../hooks/use-attach-upload.ts';
import { useCustomizeDraft } from '../hooks/use-customize-draft.ts';
import { PROFILE_MESSAGES } from '@myworld/schemas';
import { AboutMeField } from './about-me-field.tsx';
import { BackgroundSearchTab } from './background-search-tab.tsx';
import { CustomizeTabBar, isReachable, panelId, tabId, type CustomizeTab } from './customize-tab-bar.tsx';
import { LookPreview } from './look-preview.tsx';
import { PhotosTab } from './photos-tab.tsx';
import { PictureTab } from './picture-tab.tsx';
import { PresetGradientsTab } from './preset-gradients-tab.tsx';

type CustomizeUser = Pick<
  CurrentUser,
  'username' | 'aboutMe' | 'profileImageUrl' | 'backgroundImageUrl' | 'backgroundColor' | 'textColor'
>;

/** Names for the panels no tab button labels. */
const UNREACHABLE_TITLES: Partial<Record<CustomizeTab, string>> = { gradients: 'Gradients', background: 'Background' };

interface CustomizeProfileModalProps {
  user: CustomizeUser;
  onClose: () => void;
  /** Where it opens; the only way to the gradients and background tabs. */
  initialTab?: CustomizeTab;
}

/**
 * Customize Profile: picture, About Me, background and colours, edited as a draft and saved
 * together (only what changed) by Save Profile. Uploads are attached at once; their paths join
 * the draft.
 */
export function CustomizeProfileModal({ user, onClose, initialTab = 'profile' }: CustomizeProfileModalProps) {
  const [tab, setTab] = useState<CustomizeTab>(initialTab);
  const edit = useCustomizeDraft(user);
  const { draft } = edit;
  const save = useCustomizeProfile();
  const attachPicture = useAttachPicture(edit.takeUploadedPicture);
  const attachBackground = useAttachBackground(edit.takeUploadedBackground);

  async function onSave() {
    if (Object.keys(edit.changes).length === 0) return onClose(); // nothing to send
    try {
      await save.mutateAsync(edit.changes);
      toast({ title: PROFILE_MESSAGES.profileUpdated });
      onClose();
    } catch (err) {
      toast({ title: PROFILE_MESSAGES.updateFailed, description: serverMessage(err), variant: 'destructive' });
    }
  }

  return (
    <Modal
      title="Customize Profile"
      onClose={onClose}
      testId="customize-profile-modal"
      footer={
        <div className="customize-footer">
          <button type="button" className="btn btn--ghost" data-testid="customize-cancel" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            data-testid="customize-save"
            disabled={save.isPending}
            onClick={onSave}
          >
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </button>
        </div>
      }
    >
      <LookPreview username={user.username} draft={draft} />
      <CustomizeTabBar tab={tab} onChange={setTab} />
      <div
        className="customize-panel"
        role="tabpanel"
        id={panelId(tab)}
        aria-labelledby={isReachable(tab) ? tabId(tab) : undefined}
        aria-label={isReachable(tab) ? undefined : UNREACHABLE_TITLES[tab]}
        data-testid={panelId(tab)}
      >
        {tab === 'profile' && (
          <PictureTab username={user.username} profileImageUrl={draft.profileImageUrl} onUploaded={attachPicture} />
        )}
        {tab === 'bio' && <AboutMeField aboutMe={draft.aboutMe} onChange={edit.setAboutMe} />}
        {tab === 'photos' && (
          <PhotosTab
            draft={draft}
            onUploaded={attachBackground}
            onRemoveBackground={edit.removeBackground}
            onBackgroundColor={edit.setBackgroundColor}
            onTextColor={edit.setTextColor}
            onChoosePhoto={edit.choosePhoto}
          />
        )}
        {tab === 'gradients' && (
          <PresetGradientsTab selectedColor={draft.backgroundColor} onChoose={edit.choosePreset} />
        )}
        {tab === 'background' && <BackgroundSearchTab onChoose={edit.chooseFound} onUploaded={attachBackground} />}
      </div>
    </Modal>
  );
}
