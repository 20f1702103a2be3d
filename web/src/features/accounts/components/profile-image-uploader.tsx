import { useSlots } from '../../../lib/slots.tsx';

/** Which of the profile's images an upload is for. */
export type ProfileImageKind = 'picture' | 'background' | 'background-tab';

const USES = {
  picture: {
    purpose: 'profilePicture',
    label: 'Upload Photo',
    note: 'One image, up to 10 MB',
    testId: 'profile-picture-upload',
  },
  background: {
    purpose: 'profileBackground',
    label: 'Upload Background',
    note: 'One image, up to 5 MB',
    testId: 'background-upload',
  },
  'background-tab': {
    purpose: 'backgroundTabImage',
    label: 'Upload Your Own',
    note: 'One image, up to 10 MB',
    testId: 'background-tab-upload',
  },
} as const;

interface ProfileImageUploaderProps {
  kind: ProfileImageKind;
  onUploaded: (file: { uploadURL: string }) => void | Promise<void>;
}

/** The upload button and dialog for one of the profile's images, with that image's limits. */
export function ProfileImageUploader({ kind, onUploaded }: ProfileImageUploaderProps) {
  const { Uploader } = useSlots();
  const use = USES[kind];
  return (
    <Uploader purpose={use.purpose} label={use.label} note={use.note} testId={use.testId} onUploaded={onUploaded} />
  );
}
