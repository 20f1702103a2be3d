import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { POST_MESSAGES, TEXT_POST_MAX } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useCreateTextPost } from '../api/create-text-post.ts';
import { BACKGROUND_COLORS, TEXT_COLORS } from '../lib/palettes.ts';
import { EMPTY_DRAFT, hasContent, toTextPostBody, type TextPostDraft } from '../lib/text-post-draft.ts';
import { ColorPalette } from '../../../components/ui/color-palette.tsx';
import { FontStylePicker } from './font-style-picker.tsx';
import { PageHeader } from './page-header.tsx';
import { PostPhotoField } from './post-photo-field.tsx';
import { PostPreview } from './post-preview.tsx';
import './posts.css';

/** /create-post: the text-post composer (text up to 300 characters, one photo, colours, font). */
export function CreatePostPage() {
  const [, navigate] = useLocation();
  const contentId = useId();
  const [draft, setDraft] = useState<TextPostDraft>(EMPTY_DRAFT);
  const create = useCreateTextPost();
  // A replaced or abandoned photo's local preview address is let go.
  useEffect(() => {
    const url = draft.imagePreviewUrl;
    return () => {
      if (url?.startsWith('blob:')) URL.revokeObjectURL(url);
    };
  }, [draft.imagePreviewUrl]);
  const set = <K extends keyof TextPostDraft>(key: K, value: TextPostDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const publishing = create.isPending;

  async function share(e: FormEvent) {
    e.preventDefault();
    if (publishing) return;
    if (!hasContent(draft)) {
      toast({
        title: POST_MESSAGES.contentRequired,
        description: POST_MESSAGES.contentRequiredDescription,
        variant: 'destructive',
      });
      return;
    }
    try {
      await create.mutateAsync(toTextPostBody(draft));
      toast({ title: POST_MESSAGES.created, description: POST_MESSAGES.createdDescription });
      navigate('/');
    } catch (error) {
      toast({
        title: POST_MESSAGES.createFailed,
        description: serverMessage(error) ?? (error instanceof Error ? error.message : undefined),
        variant: 'destructive',
      });
    }
  }

  return (
    <main className="posting-page" data-testid="create-post-page">
      <PageHeader
        title="Create Post"
        backTo="/"
        action={
          <Link href="/upload" className="btn btn--secondary btn--small" data-testid="upload-video-button">
            Upload Video
          </Link>
        }
      />
      <PostPreview draft={draft} />
      <form className="posting-form" onSubmit={(e) => void share(e)}>
        <div className="posting-field">
          <label htmlFor={contentId} className="field__label">
            Message
          </label>
          <textarea
            id={contentId}
            className="input textarea posting-textarea"
            placeholder="What's on your mind?"
            maxLength={TEXT_POST_MAX}
            value={draft.content}
            onChange={(e) => set('content', e.target.value)}
            data-testid="post-content-input"
          />
          <p className="posting-counter" data-testid="post-char-counter" aria-live="polite">
            {draft.content.length}/{TEXT_POST_MAX}
          </p>
        </div>
        <PostPhotoField
          value={draft.imageUrl}
          onChange={(photo) => {
            set('imageUrl', photo?.objectPath ?? null);
            set('imagePreviewUrl', photo?.previewUrl ?? photo?.objectPath ?? null);
          }}
          disabled={publishing}
        />
        <ColorPalette
          label="Background Color"
          colors={BACKGROUND_COLORS}
          value={draft.backgroundColor}
          onChange={(hex) => set('backgroundColor', hex)}
          testIdPrefix="bg-color"
          className="posting-field"
        />
        <ColorPalette
          label="Text Color"
          colors={TEXT_COLORS}
          value={draft.textColor}
          onChange={(hex) => set('textColor', hex)}
          testIdPrefix="text-color"
          className="posting-field"
        />
        <FontStylePicker value={draft.fontStyle} onChange={(style) => set('fontStyle', style)} />
        <button
          type="submit"
          className="btn btn--primary btn--block btn--large"
          disabled={!hasContent(draft) || publishing}
          data-testid="share-post-button"
        >
          {publishing ? 'Sharing...' : 'Share Your Post'}
        </button>
      </form>
    </main>
  );
}
