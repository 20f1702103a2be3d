import { describe, expect, it } from 'vitest';
import { streamReminderNotice } from './stream-reminders.ts';

describe('streamReminderNotice', () => {
  const reminder = {
    type: 'stream_reminder',
    streamId: 's1',
    title: 'Morning jam',
    streamerUsername: 'dj',
    scheduledFor: '2030-01-01T10:00:00.000Z',
    isActive: true,
  } as const;

  it('names the stream, who is live and where to watch', () => {
    expect(streamReminderNotice(reminder)).toEqual({
      title: 'Morning jam',
      description: '@dj is live now. Watch at /stream/s1',
    });
  });

  it('says "Live soon" for an untitled stream, and the start time before it is live', () => {
    const notice = streamReminderNotice({ ...reminder, title: '', isActive: false });
    expect(notice.title).toBe('Live soon');
    expect(notice.description).toMatch(/^@dj starts at .+\. Watch at \/stream\/s1$/);
  });
});
