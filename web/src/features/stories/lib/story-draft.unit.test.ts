import { describe, expect, it } from 'vitest';
import { STORY_MEDIA_MAX_BYTES } from '@myworld/schemas';
import { draftProblem, EMPTY_STORY_DRAFT, fileProblem, toStoryForm } from './story-draft.ts';
import { readableTextColor } from './story-colors.ts';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('a story draft', () => {
  it('starts as a text story on the default black background', () => {
    expect(EMPTY_STORY_DRAFT).toEqual({ mediaType: 'text', content: '', backgroundColor: '#000000', file: null });
  });

  it('needs non-blank text for a text story', () => {
    expect(draftProblem({ ...EMPTY_STORY_DRAFT, content: '   ' })).toEqual({
      title: 'Content required',
      description: 'Please add some text to your story.',
      variant: 'destructive',
    });
    expect(draftProblem({ ...EMPTY_STORY_DRAFT, content: ' hi ' })).toBeNull();
  });

  it('needs a chosen file for a photo or video story, the caption being optional', () => {
    expect(draftProblem({ ...EMPTY_STORY_DRAFT, mediaType: 'image', content: 'caption' })).toMatchObject({
      title: 'Media required',
      description: 'Please select an image for your story.',
    });
    expect(draftProblem({ ...EMPTY_STORY_DRAFT, mediaType: 'video' })).toMatchObject({
      title: 'Media required',
      description: 'Please select a video for your story.',
    });
    expect(draftProblem({ ...EMPTY_STORY_DRAFT, mediaType: 'image', file: file('a.png', 'image/png') })).toBeNull();
  });

  it('refuses a file of the wrong kind or over 10 MB (photos) / 100 MB (videos)', () => {
    expect(fileProblem('image', file('a.mp4', 'video/mp4'))).toMatchObject({
      title: 'Unsupported file',
      description: 'Please choose an image file.',
    });
    expect(fileProblem('video', file('a.png', 'image/png'))).toMatchObject({
      title: 'Unsupported file',
      description: 'Please choose a video file.',
    });
    expect(fileProblem('image', file('a.png', 'image/png', STORY_MEDIA_MAX_BYTES.image))).toBeNull();
    expect(fileProblem('image', file('a.png', 'image/png', STORY_MEDIA_MAX_BYTES.image + 1))).toMatchObject({
      title: 'File too large',
      description: 'A photo for a story can be at most 10 MB.',
    });
    expect(fileProblem('video', file('a.mp4', 'video/mp4', STORY_MEDIA_MAX_BYTES.video + 1))).toMatchObject({
      description: 'A video for a story can be at most 100 MB.',
    });
  });

  it('becomes the multipart fields, with the media part only for a photo or video', () => {
    const text = toStoryForm({
      ...EMPTY_STORY_DRAFT,
      content: 'Hi',
      backgroundColor: '#7c3aed',
      file: file('stale.png', 'image/png'),
    });
    expect([...text.keys()]).toEqual(['mediaType', 'content', 'backgroundColor']);
    expect(text.get('backgroundColor')).toBe('#7c3aed');
    const photo = toStoryForm({ ...EMPTY_STORY_DRAFT, mediaType: 'image', file: file('beach.png', 'image/png') });
    expect([...photo.keys()]).toEqual(['mediaType', 'content', 'backgroundColor', 'media']); // text fields before the file
    expect(photo.get('mediaType')).toBe('image');
    expect((photo.get('media') as File).name).toBe('beach.png');
  });

  it('writes dark text on a light background and white on a dark one', () => {
    expect(readableTextColor('#ffffff')).toBe('#111827');
    expect(readableTextColor('#facc15')).toBe('#111827');
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#7c3aed')).toBe('#ffffff');
    expect(readableTextColor('not a colour')).toBe('#ffffff');
  });
});
