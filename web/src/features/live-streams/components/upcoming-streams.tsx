import { Link, useLocation } from 'wouter';
import { LIVE_STREAM_MESSAGES, type UpcomingStream } from '@myworld/schemas';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useUpcomingStreams } from '../api/list-upcoming-streams.ts';
import { useSetStreamReminder } from '../api/set-stream-reminder.ts';
import { capitalize } from '../lib/format.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';

/**
 * Upcoming Streams: scheduled streams, soonest first. Viewers toggle Remind Me (visitors go to
 * /login); the owner gets Go Live, which starts the scheduled stream from /go-live.
 */
export function UpcomingStreams() {
  const upcoming = useUpcomingStreams();
  const streams = upcoming.data?.streams ?? [];
  return (
    <section aria-labelledby="upcoming" data-testid="upcoming-streams">
      <h2 id="upcoming" className="live-section__title">
        {LIVE_STREAM_MESSAGES.upcoming}
      </h2>
      {upcoming.data && streams.length === 0 && <p className="muted">No upcoming streams scheduled.</p>}
      {upcoming.isError && <p className="muted">Upcoming streams could not be loaded. Retrying shortly...</p>}
      {streams.map((s) => (
        <UpcomingItem key={s.id} stream={s} />
      ))}
    </section>
  );
}

function UpcomingItem({ stream }: { stream: UpcomingStream }) {
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const reminder = useSetStreamReminder();
  const isOwner = user?.id === stream.userId;

  function toggle() {
    if (!user) return navigate('/login');
    reminder.mutate(
      { streamId: stream.id, remind: !stream.reminded },
      { onError: (error) => toastFailure('Error', error) },
    );
  }

  return (
    <div className="card upcoming-item" data-testid="upcoming-stream" data-upcoming-stream-id={stream.id}>
      <div className="upcoming-item__text">
        <p className="upcoming-item__title">{stream.title}</p>
        <p className="muted">
          @{stream.streamerUsername ?? 'unknown'} · {capitalize(stream.category)}
          {stream.scheduledFor && (
            <>
              {' · '}
              <time dateTime={stream.scheduledFor} data-testid="upcoming-start">
                {new Date(stream.scheduledFor).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </>
          )}
        </p>
      </div>
      {isOwner ? (
        <Link
          href={`/go-live?scheduled=${stream.id}`}
          className="btn btn--primary btn--small"
          data-testid="go-live-scheduled"
        >
          Go Live
        </Link>
      ) : (
        <button
          type="button"
          className={`btn btn--small ${stream.reminded ? 'btn--primary' : 'btn--secondary'}`}
          aria-pressed={stream.reminded}
          disabled={reminder.isPending}
          onClick={toggle}
          data-testid="remind-me"
        >
          {stream.reminded ? LIVE_STREAM_MESSAGES.reminderSet : LIVE_STREAM_MESSAGES.remindMe}
        </button>
      )}
    </div>
  );
}
