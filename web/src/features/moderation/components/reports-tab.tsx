import { useState } from 'react';
import { MODERATION_MESSAGES, type ModerateReportBody, type ReportStatus } from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useReports } from '../api/list-reports.ts';
import { useModerateReport } from '../api/moderate-report.ts';
import { STATUS_FILTERS } from '../lib/report-actions.ts';
import { ReportCard } from './report-card.tsx';
import { TimelineDrawer } from './timeline-drawer.tsx';

/** The search runs 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/** The Reports tab: status filter, search, the queue (newest first), the per-report actions with their toasts, and each report's timeline drawer. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus | 'all'>('all');
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const reports = useReports({ status: status === 'all' ? null : status, search });
  const moderate = useModerateReport();
  const [timelineOf, setTimelineOf] = useState<string | null>(null);

  const act = (reportId: string, body: ModerateReportBody) =>
    moderate.mutate(
      { reportId, body },
      {
        onSuccess: () =>
          toast({ title: MODERATION_MESSAGES.actionDoneTitle, description: MODERATION_MESSAGES.actionDoneDescription }),
        onError: () =>
          toast({
            title: MODERATION_MESSAGES.actionFailedTitle,
            description: MODERATION_MESSAGES.actionFailedDescription,
            variant: 'destructive',
          }),
      },
    );

  if (reports.isError && hasStatus(reports.error, 403)) {
    return (
      <p className="moderation-page__denied" data-testid="moderation-denied">
        {MODERATION_MESSAGES.permissionRequired}
      </p>
    );
  }
  const items = reports.data?.pages.flatMap((p) => p.reports) ?? [];
  return (
    <section className="moderation-reports">
      <div className="moderation-reports__filters">
        <TabList
          label="Report status"
          tabs={STATUS_FILTERS}
          value={status}
          onChange={setStatus}
          className="chips"
          tabClassName="chip"
          testId={(id) => `reports-status-${id}`}
        />
        <input
          className="input"
          type="search"
          placeholder="Search reports..."
          aria-label="Search reports"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          data-testid="reports-search"
        />
      </div>
      {reports.isPending ? (
        <span className="spinner" role="progressbar" aria-label="Loading reports" />
      ) : reports.isError ? (
        <p className="moderation-page__error">{reports.error.message}</p>
      ) : items.length === 0 ? (
        <p className="moderation-reports__empty" data-testid="reports-empty">
          {MODERATION_MESSAGES.noReports}
        </p>
      ) : (
        <ul className="moderation-reports__list">
          {items.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              busy={moderate.isPending && moderate.variables?.reportId === report.id}
              onAction={(body) => act(report.id, body)}
              onOpenTimeline={() => setTimelineOf(report.id)}
            />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={reports.hasNextPage}
        loading={reports.isFetchingNextPage}
        onLoadMore={() => void reports.fetchNextPage()}
        testId="reports-load-more"
      />
      {timelineOf ? <TimelineDrawer reportId={timelineOf} onClose={() => setTimelineOf(null)} /> : null}
    </section>
  );
}
