import { useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { LIVE_STREAM_MESSAGES, STORY_MESSAGES, type StoryMediaType } from '@myworld/schemas';
import { Modal } from '../../../components/ui/modal.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useCreateStory } from '../api/create-story.ts';
import { STORY_LABELS } from '../lib/labels.ts';
import { readableTextColor } from '../lib/story-colors.ts';
import { draftProblem, EMPTY_STORY_DRAFT, type StoryDraft } from '../lib/story-draft.ts';
import { StoryColorPicker } from './story-color-picker.tsx';
import { StoryContentField } from './story-content-field.tsx';
import { StoryFileField } from './story-file-field.tsx';
import { StoryTypeTabs } from './story-type-tabs.tsx';

/**
 * "Create Your Story": a text story on a background colour, or a photo or video with an optional
 * caption, sent as one multipart call. On success the strip's list refreshes and the dialog
 * closes (the next opening starts empty). In a portal, so Home's sticky header never covers it.
 */
export function CreateStoryModal({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const [draft, setDraft] = useState<StoryDraft>(EMPTY_STORY_DRAFT);
  const create = useCreateStory();
  const set = (change: Partial<StoryDraft>) => setDraft((d) => ({ ...d, ...change }));
  // Another kind of story takes another kind of file: the chosen one is let go.
  const chooseType = (mediaType: StoryMediaType) => set({ mediaType, file: null });

  async function share(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const problem = draftProblem(draft);
    if (problem) {
      toast(problem);
      return;
    }
    try {
      await create.mutateAsync(draft);
      toast({ title: STORY_MESSAGES.created, description: STORY_MESSAGES.createdDescription });
      setDraft(EMPTY_STORY_DRAFT);
      onClose();
    } catch (error) {
      toast({
        title: LIVE_STREAM_MESSAGES.endFailedTitle,
        description: serverMessage(error) ?? STORY_MESSAGES.failedDefault,
        variant: 'destructive',
      });
    }
  }

  const submit = (
    <button
      type="submit"
      form={formId}
      className="btn btn--primary btn--block"
      disabled={create.isPending}
      data-testid="story-submit"
    >
      {create.isPending ? STORY_LABELS.sharing : STORY_LABELS.share}
    </button>
  );

  return createPortal(
    <Modal title={STORY_MESSAGES.modalTitle} onClose={onClose} testId="create-story-modal" footer={submit}>
      <StoryTypeTabs value={draft.mediaType} onChange={chooseType} />
      <form id={formId} className="story-form" noValidate onSubmit={(e) => void share(e)}>
        {draft.mediaType === 'text' ? (
          <>
            <StoryContentField
              label={STORY_LABELS.tabs.text}
              placeholder={STORY_LABELS.textPlaceholder}
              value={draft.content}
              onChange={(content) => set({ content })}
              style={{ backgroundColor: draft.backgroundColor, color: readableTextColor(draft.backgroundColor) }}
            />
            <StoryColorPicker value={draft.backgroundColor} onChange={(backgroundColor) => set({ backgroundColor })} />
          </>
        ) : (
          <>
            {/* Keyed by kind, so the file input empties when the tab changes. */}
            <StoryFileField
              key={draft.mediaType}
              mediaType={draft.mediaType}
              file={draft.file}
              onChange={(file) => set({ file })}
            />
            <StoryContentField
              label={STORY_LABELS.caption}
              placeholder={STORY_LABELS.captionPlaceholder}
              value={draft.content}
              onChange={(content) => set({ content })}
            />
          </>
        )}
      </form>
    </Modal>,
    document.body,
  );
}
