import { useCallback, useState } from 'react';
import type { EditorEffect, VideoCategory, VideoItem } from '@myworld/schemas';
import { serverMessage } from '../../../lib/api-client.ts';
import { usePublishEditedVideo } from '../api/publish-edited-video.ts';
import { uploadRenderedVideo } from '../api/upload-rendered-video.ts';
import { renderEditedVideo, type RenderInput } from '../lib/render-video.ts';

export type SaveState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'rendering'; readonly progress: number }
  | { readonly phase: 'uploading'; readonly progress: number }
  | { readonly phase: 'publishing' }
  | { readonly phase: 'done'; readonly post: VideoItem }
  | { readonly phase: 'failed'; readonly message: string };

export interface SaveRequest {
  readonly render: Omit<RenderInput, 'onProgress'>;
  readonly description: string;
  readonly category: VideoCategory;
  readonly effects: EditorEffect[];
}

/** Saving: render the edited video, upload it through the media pipeline, then post it as a short video with its effects list. */
export function useSaveVideo() {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const { mutateAsync: publish } = usePublishEditedVideo();

  const save = useCallback(
    async ({ render, description, category, effects }: SaveRequest) => {
      try {
        setState({ phase: 'rendering', progress: 0 });
        const file = await renderEditedVideo({
          ...render,
          onProgress: (progress) => setState({ phase: 'rendering', progress }),
        });
        setState({ phase: 'uploading', progress: 0 });
        const videoUrl = await uploadRenderedVideo(file, (progress) => setState({ phase: 'uploading', progress }));
        setState({ phase: 'publishing' });
        const post = await publish({ videoUrl, description, category, effects });
        setState({ phase: 'done', post });
      } catch (error) {
        setState({
          phase: 'failed',
          message: serverMessage(error) ?? (error instanceof Error ? error.message : 'Saving failed'),
        });
      }
    },
    [publish],
  );

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return {
    state,
    save,
    reset,
    busy: state.phase === 'rendering' || state.phase === 'uploading' || state.phase === 'publishing',
  };
}
