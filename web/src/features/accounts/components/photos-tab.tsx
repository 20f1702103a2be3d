import type { BuiltInPhotoBackground } from '../lib/photo-backgrounds.ts';
import type { CustomizeDraft } from '../lib/customize-draft.ts';
import { ColorFields } from './color-fields.tsx';
import { PhotoBackgroundPicker } from './photo-background-picker.tsx';
import { ProfileImageUploader } from './profile-image-uploader.tsx';

interface PhotosTabProps {
  draft: CustomizeDraft;
  onUploaded: (file: { uploadURL: string }) => void | Promise<void>;
  onRemoveBackground: () => void;
  onBackgroundColor: (color: string) => void;
  onTextColor: (color: string) => void;
  onChoosePhoto: (photo: BuiltInPhotoBackground) => void;
}

/** A custom background (upload or remove), the two colours, and the built-in backgrounds. */
export function PhotosTab({
  draft,
  onUploaded,
  onRemoveBackground,
  onBackgroundColor,
  onTextColor,
  onChoosePhoto,
}: PhotosTabProps) {
  return (
    <div className="customize-sections">
      <section aria-labelledby="custom-background-title">
        <h3 id="custom-background-title" className="customize-section-title">
          Custom Background
        </h3>
        <div className="customize-row">
          <ProfileImageUploader kind="background" onUploaded={onUploaded} />
          <button
            type="button"
            className="btn btn--ghost"
            data-testid="remove-background"
            disabled={!draft.backgroundImageUrl}
            onClick={onRemoveBackground}
          >
            Remove Background
          </button>
        </div>
      </section>
      <section aria-labelledby="colors-title">
        <h3 id="colors-title" className="customize-section-title">
          Colors
        </h3>
        <ColorFields draft={draft} onBackgroundColor={onBackgroundColor} onTextColor={onTextColor} />
      </section>
      <section aria-labelledby="photo-backgrounds-title">
        <h3 id="photo-backgrounds-title" className="customize-section-title">
          Photo Backgrounds
        </h3>
        <PhotoBackgroundPicker selected={draft.backgroundImageUrl} onChoose={onChoosePhoto} />
      </section>
    </div>
  );
}
