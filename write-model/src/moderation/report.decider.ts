import {
  MODERATION_MESSAGES,
  canMoveReport,
  type ContentType,
  type ModerationEvent,
  type ReportReason,
  type ReportStatus,
} from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveReport, initialReportState, type ReportState } from './report.state.ts';

/** Commands on one report. Who may moderate is the route's `auth: 'moderator'`. */
export type ReportCommand =
  | {
      readonly type: 'FileReport';
      readonly reportId: string;
      readonly reporterId: string;
      readonly contentType: ContentType;
      readonly contentId: string;
      readonly reportReason: ReportReason;
      readonly description: string;
      readonly now: Date;
    }
  /**
   * A moderator moves the report to `status` (PUT /api/reports/{id}); the note defaults to "Content removed for policy violation" (resolved) or "No policy violation found" (dismissed).
   * `contentAuthorId`: who made the reported item, when known (a moderator never decides on their own).
   */
  | {
      readonly type: 'ModerateReport';
      readonly moderatorId: string;
      readonly status: ReportStatus;
      readonly note?: string | undefined;
      readonly contentAuthorId?: string | null;
      readonly now: Date;
    };

export function decideReport(command: ReportCommand, state: ReportState): ModerationEvent[] {
  if (command.type === 'FileReport') {
    // The report id names this reporter's open report on this content: one already filed is a duplicate.
    if (state.status !== 'none')
      throw new DomainError('already_reported', MODERATION_MESSAGES.alreadyReported, 409, 'contentId');
    const { reportId, reporterId, contentType, contentId, reportReason, description, now } = command;
    return [
      {
        type: 'ReportFiled',
        data: { reportId, reporterId, contentType, contentId, reportReason, description, filedAt: now.toISOString() },
      },
    ];
  }

  if (state.status === 'none') throw new DomainError('not_found', MODERATION_MESSAGES.reportNotFound, 404, 'id');
  const { moderatorId, status, now } = command;
  // Nobody judges their own case: not a report they filed, nor one about what they made.
  if (state.reporterId === moderatorId) throw new DomainError('own_report', MODERATION_MESSAGES.ownReport, 403, 'id');
  if (command.contentAuthorId === moderatorId || (state.contentType === 'user' && state.contentId === moderatorId))
    throw new DomainError('own_content', MODERATION_MESSAGES.ownContent, 403, 'id');
  if (!canMoveReport(state.status, status))
    throw new DomainError(
      'illegal_transition',
      MODERATION_MESSAGES.illegalTransition(state.status, status),
      409,
      'status',
    );
  const at = now.toISOString();
  const note = (fallback: string) => (command.note?.trim() ? command.note.trim() : fallback);
  switch (status) {
    case 'reviewing':
      return [{ type: 'ReportReviewStarted', data: { reportId: state.reportId, moderatorId, startedAt: at } }];
    case 'resolved':
      // The only way to resolve is "Remove Content".
      return [
        {
          type: 'ReportResolved',
          data: {
            reportId: state.reportId,
            moderatorId,
            note: note(MODERATION_MESSAGES.removedNote),
            contentRemoved: true,
            resolvedAt: at,
          },
        },
      ];
    case 'dismissed':
      return [
        {
          type: 'ReportDismissed',
          data: {
            reportId: state.reportId,
            moderatorId,
            note: note(MODERATION_MESSAGES.dismissedNote),
            dismissedAt: at,
          },
        },
      ];
    case 'pending':
      // canMoveReport never leads back to pending.
      throw new Error('unreachable: no report moves back to pending');
  }
}

export const reportDecider: Decider<ReportState, ReportCommand, ModerationEvent> = {
  initialState: initialReportState,
  decide: decideReport,
  evolve: evolveReport,
};
