import { Link } from 'wouter';
import type { ModerateReportBody, Report } from '@myworld/schemas';
import { formatRelativeTime } from '../../../lib/relative-time.ts';
import { MODERATION_TEXTS } from '../lib/moderation-texts.ts';
import { actionsFor, reasonLabel } from '../lib/report-actions.ts';
import { contentLink } from '../lib/content-link.ts';

interface ReportCardProps {
  report: Report;
  /** An action on this report is on its way (its buttons wait). */
  busy: boolean;
  onAction: (body: ModerateReportBody) => void;
  onOpenTimeline: () => void;
}

/** One report of the queue: reason, status, who reported what; the actions its status allows (pending and reviewing ones), the note on closed ones; its timeline on every one. */
export function ReportCard({ report, busy, onAction, onOpenTimeline }: ReportCardProps) {
  const status = report.status;
  const closed = status === 'resolved' || status === 'dismissed';
  const actions = actionsFor(status);
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
        {report.contentType.replace(/_/g, ' ')} <ReportedContent report={report} />
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
      {actions.length > 0 ? (
        <div className="report-card__actions">
          {actions.map((action) => (
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

/** The reported item by its title (or id), linked to its page when it has one. */
function ReportedContent({ report }: { report: Report }) {
  const name = report.content.title ? `"${report.content.title}"` : report.contentId;
  const href = contentLink(report.contentType, report.contentId);
  return href ? (
    <Link href={href} data-testid="report-content-link">
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}
