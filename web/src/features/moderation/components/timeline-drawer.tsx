import type { TimelineEntry } from '@myworld/schemas';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useReportTimeline } from '../api/report-timeline.ts';
import { MODERATION_TEXTS } from '../lib/moderation-texts.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A side drawer with a report's full timeline (GET /api/reports/{id}/timeline): every entry with
 * its time, actor, action and note, oldest first, and "Load more" while the server has more.
 * A Modal (its drawer variant), so Escape, the backdrop and × close it like any other dialog.
 */
export function TimelineDrawer({ reportId, onClose }: { reportId: string; onClose: () => void }) {
  const timeline = useReportTimeline(reportId);
  const entries = timeline.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <Modal
      title={MODERATION_TEXTS.timelineTitle}
      onClose={onClose}
      variant="drawer"
      closeLabel="Close timeline"
      testId="timeline-drawer"
    >
      {timeline.isPending ? (
        <span className="spinner" role="progressbar" aria-label="Loading timeline" />
      ) : timeline.isError ? (
        <p className="moderation-page__error">{timeline.error.message}</p>
      ) : entries.length === 0 ? (
        <p className="moderation-reports__empty">{MODERATION_TEXTS.timelineEmpty}</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry) => (
            <TimelineItem key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      <LoadMore
        hasMore={timeline.hasNextPage}
        loading={timeline.isFetchingNextPage}
        onLoadMore={() => void timeline.fetchNextPage()}
        testId="timeline-load-more"
      />
    </Modal>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <li className={`timeline__entry timeline__entry--${entry.source}`} data-testid="timeline-entry">
      <div className="timeline__head">
        <time className="timeline__time" dateTime={entry.at}>
          {timeFormat.format(new Date(entry.at))}
        </time>
        <span className="timeline__source">{MODERATION_TEXTS.sources[entry.source]}</span>
      </div>
      <p className="timeline__line">
        {/* An hour of engagement has many actors, none named. */}
        {entry.engagement ? null : (
          <>
            <span className="timeline__actor" data-testid="timeline-actor">
              {entry.actor ? `@${entry.actor.username ?? entry.actor.id}` : MODERATION_TEXTS.timelineSystem}
            </span>{' '}
          </>
        )}
        <span className="timeline__action" data-testid="timeline-action">
          {entry.action}
        </span>
      </p>
      {entry.note ? (
        <p className="timeline__note" data-testid="timeline-note">
          {entry.note}
        </p>
      ) : null}
    </li>
  );
}
