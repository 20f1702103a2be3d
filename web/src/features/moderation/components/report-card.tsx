import type { ModerateReportBody, Report } from '@myworld/schemas';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { MODERATION_TEXTS } from '../lib/moderation-texts.ts';
import { REPORT_ACTIONS, reasonLabel } from '../lib/report-actions.ts';

interface ReportCardProps {
  report: Report;
  /** An action on this report is on its way (its buttons wait). */
  busy: boolean;
  onAction: (body: ModerateReportBody) => void;
  onOpenTimeline: () => void;
}

/** One report of the queue: reason, status, who reported what; the actions on pending ones, the note on closed ones; its timeline on every one. */
export function ReportCard({ report, busy, onAction, onOpenTimeline }: ReportCardProps) {
  const status = report.status;
  const closed = status === 'resolved' || status === 'dismissed';
  return (
    <li className="report-card" data-testid={`report-${report.id}`}>
      <div className="report-card__head">
        <span className="report-card__reason">{reasonLabel(report.reportReason)}</span>
        <span className={`report-card__status report-card__status--${status}`} data-testid="report-status">
          {status}
        </span>
        <button
          type="button"
          className="btn btn--ghost report-card__timeline"
          onClick={onOpenTimeline}
          data-testid="report-open-timeline"
        >
          {MODERATION_TEXTS.openTimeline}
        </button>
      </div>
      <p className="report-card__meta">
        {report.contentType.replace(/_/g, ' ')} {report.content.title ? `"${report.content.title}"` : report.contentId}
        {report.content.user ? ` by @${report.content.user.username}` : ''} · reported by @
        {report.reporter.username ?? 'unknown'} · {formatRelativeTime(report.createdAt)}
      </p>
      {report.content.description ? (
        <blockquote className="report-card__content" data-testid="report-content">
          {report.content.description}
        </blockquote>
      ) : null}
      {report.description ? <p className="report-card__description">{report.description}</p> : null}
      {closed && report.moderatorNote ? (
        <p className="report-card__note" data-testid="report-note">
          {report.moderatorNote}
        </p>
      ) : null}
      {status === 'pending' ? (
        <div className="report-card__actions">
          {REPORT_ACTIONS.map((action) => (
            <button
              key={action.id}
              type="button"
              className={`btn btn--${action.variant}`}
              disabled={busy}
              onClick={() => onAction(action.body)}
              data-testid={`report-action-${action.id}`}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
