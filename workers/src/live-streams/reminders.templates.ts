import { emailHtml, type RenderedEmail } from '../platform/email-layout.ts';

export interface ReminderEmailInput {
  readonly title: string;
  /** Null when the users read model does not know the streamer (yet). */
  readonly streamerUsername: string | null;
  readonly scheduledFor: string;
  /** The stream is already live (it started early), rather than about to start. */
  readonly isActive: boolean;
}

/** The stream's page in the web client (its route `/stream/:streamId`). */
export function streamLink(publicUrl: string, streamId: string): string {
  return new URL(`/stream/${encodeURIComponent(streamId)}`, publicUrl).toString();
}

/** The reminder a viewer asked for with "Remind Me": plain text and HTML, both with the stream's link. */
export function renderStreamReminderEmail(input: ReminderEmailInput, link: string): RenderedEmail {
  const streamer = input.streamerUsername ?? 'A streamer';
  const subject = input.isActive
    ? `${streamer} is live now: ${input.title}`
    : `${streamer} is going live: ${input.title}`;
  const when = new Date(input.scheduledFor).toUTCString();
  const intro = input.isActive
    ? `"${input.title}" by ${streamer} was scheduled for ${when} and has already started.`
    : `"${input.title}" by ${streamer} starts now (scheduled for ${when}).`;
  const footer = 'You get this email once because you pressed Remind Me on this stream.';
  return {
    subject,
    text: `${intro}\n\nWatch the stream:\n${link}\n\n${footer}\n`,
    html: emailHtml(subject, [intro], link, 'Watch the stream', footer),
  };
}
