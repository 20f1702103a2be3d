import { describe, expect, it } from 'vitest';
import { renderStreamReminderEmail, streamLink } from './reminders.templates.ts';

describe('stream reminder email', () => {
  it('links to the stream page of the web client', () => {
    expect(streamLink('https://myworld.example/', 'abc')).toBe('https://myworld.example/stream/abc');
  });

  it('names the streamer and the title, with the link in text and HTML (escaped)', () => {
    const link = 'https://myworld.example/stream/abc';
    const email = renderStreamReminderEmail(
      {
        title: 'Jam <live> & more',
        streamerUsername: 'ada',
        scheduledFor: '2026-11-26T12:00:00.000Z',
        isActive: false,
      },
      link,
    );
    expect(email.subject).toBe('ada is going live: Jam <live> & more');
    expect(email.text).toContain(`\n${link}\n`);
    expect(email.text).toContain('Thu, 26 Nov 2026 12:00:00 GMT');
    expect(email.html).toContain(`href="${link}"`);
    expect(email.html).toContain('Jam &#60;live&#62; &#38; more');
    expect(email.html).not.toContain('<live>');
  });

  it('says so when the stream already started early, and copes with an unknown streamer', () => {
    const email = renderStreamReminderEmail(
      { title: 'Jam', streamerUsername: null, scheduledFor: '2026-11-26T12:00:00.000Z', isActive: true },
      'https://x.test/stream/a',
    );
    expect(email.subject).toBe('A streamer is live now: Jam');
  });
});
