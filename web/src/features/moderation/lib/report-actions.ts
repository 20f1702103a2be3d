import {
  MODERATION_MESSAGES,
  REPORT_STATUSES,
  canMoveReport,
  type ModerateReportBody,
  type ReportStatus,
} from '@myworld/schemas';

/** The per-report actions, with the notes they record (each shown where the report machine allows it: actionsFor). */
export const REPORT_ACTIONS: ReadonlyArray<{
  readonly id: string;
  readonly label: string;
  readonly body: ModerateReportBody;
  readonly variant: 'secondary' | 'danger' | 'ghost';
}> = [
  { id: 'review', label: MODERATION_MESSAGES.review, body: { status: 'reviewing' }, variant: 'secondary' },
  {
    id: 'remove',
    label: MODERATION_MESSAGES.removeContent,
    body: { status: 'resolved', moderatorNote: MODERATION_MESSAGES.removedNote },
    variant: 'danger',
  },
  {
    id: 'dismiss',
    label: MODERATION_MESSAGES.dismiss,
    body: { status: 'dismissed', moderatorNote: MODERATION_MESSAGES.dismissedNote },
    variant: 'ghost',
  },
];

/**
 * The actions a report in `status` offers: what the report machine lets it become. A pending
 * report can be reviewed, removed or dismissed; one under review can still be removed or
 * dismissed; a closed one offers none.
 */
export const actionsFor = (status: ReportStatus): typeof REPORT_ACTIONS =>
  REPORT_ACTIONS.filter((action) => canMoveReport(status, action.body.status));

/** The status filter: all, or one status. */
export const STATUS_FILTERS: ReadonlyArray<{ readonly id: ReportStatus | 'all'; readonly label: string }> = [
  { id: 'all', label: 'All' },
  ...REPORT_STATUSES.map((s) => ({ id: s, label: s[0]!.toUpperCase() + s.slice(1) })),
];

/** An unknown status is displayed as pending. */
export const shownStatus = (status: unknown): ReportStatus =>
  (REPORT_STATUSES as readonly unknown[]).includes(status) ? (status as ReportStatus) : 'pending';

/** A report as the server sent it, its status read by that rule (before the contract parses it). */
export const withShownStatus = (item: unknown): unknown =>
  item !== null && typeof item === 'object'
    ? { ...item, status: shownStatus((item as { status?: unknown }).status) }
    : item;

/** "hate_speech" -> "Hate speech". */
export const reasonLabel = (reason: string): string => {
  const words = reason.replace(/_/g, ' ');
  return words[0]!.toUpperCase() + words.slice(1);
};
