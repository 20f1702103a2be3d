import type { ContentType, ModerationEvent, ReportReason, ReportStatus } from '@myworld/schemas';

/** One report (stream `report-{id}`): nothing yet, or filed with its current status and note. */
export type ReportState =
  | { readonly status: 'none' }
  | {
      readonly status: ReportStatus;
      readonly reportId: string;
      readonly reporterId: string;
      readonly contentType: ContentType;
      readonly contentId: string;
      readonly reportReason: ReportReason;
      readonly description: string;
      readonly moderatorNote: string | null;
      readonly createdAt: string;
      readonly updatedAt: string;
    };

export type FiledReport = Exclude<ReportState, { status: 'none' }>;

export const initialReportState = (): ReportState => ({ status: 'none' });

export function evolveReport(state: ReportState, event: ModerationEvent): ReportState {
  if (event.type === 'ReportFiled') {
    const d = event.data;
    return {
      status: 'pending',
      reportId: d.reportId,
      reporterId: d.reporterId,
      contentType: d.contentType,
      contentId: d.contentId,
      reportReason: d.reportReason,
      description: d.description,
      moderatorNote: null,
      createdAt: d.filedAt,
      updatedAt: d.filedAt,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ReportReviewStarted':
      return { ...state, status: 'reviewing', updatedAt: event.data.startedAt };
    case 'ReportResolved':
      return { ...state, status: 'resolved', moderatorNote: event.data.note, updatedAt: event.data.resolvedAt };
    case 'ReportDismissed':
      return { ...state, status: 'dismissed', moderatorNote: event.data.note, updatedAt: event.data.dismissedAt };
    default:
      // Content and settings events live on other streams.
      return state;
  }
}
