import type { EventStore } from '@myworld/eventstore';
import { isOpenReport, reportStreamName, type ModerationEvent } from '@myworld/schemas';
import {
  handleCommand,
  loadAggregate,
  replayIfStored,
  type CommandContext,
  type CommandResult,
} from '../commands/command-handler.ts';
import { reportDecider, type ReportCommand } from './report.decider.ts';
import { reportIdFor } from './report-id.ts';
import { claimReportKey } from './report-key.ts';
import type { ReportState } from './report.state.ts';

type ReportResult = CommandResult<ReportState, ModerationEvent>;
type FileReport = Omit<Extract<ReportCommand, { type: 'FileReport' }>, 'reportId'>;

export const loadReport = async (store: EventStore, reportId: string): Promise<ReportState> =>
  (await loadAggregate(store, reportStreamName(reportId), reportDecider)).state;

/** Runs one command on the report's stream (`report-{id}`). */
export function runReportCommand(
  store: EventStore,
  reportId: string,
  command: ReportCommand,
  context: CommandContext,
): Promise<ReportResult> {
  return handleCommand(store, reportStreamName(reportId), reportDecider, command, context);
}

/**
 * Files a report on the reporter's current generation for this content (report-id.ts): closed
 * reports are walked past (answering a retried Idempotency-Key from the one that holds it), and the
 * first one not closed decides: none files, an open one refuses 409. Under an Idempotency-Key the
 * key is first bound to that report (report-key.ts), so reusing the key with another body is
 * refused with 422 instead of filing a second report.
 */
export async function fileReport(
  store: EventStore,
  command: FileReport,
  context: CommandContext,
): Promise<ReportResult> {
  for (let generation = 0; ; generation++) {
    const candidate = reportIdFor(command.reporterId, command.contentType, command.contentId, generation);
    const state = await loadReport(store, candidate);
    if (state.status === 'none' || isOpenReport(state.status)) {
      const { idempotencyKey } = context;
      const reportId = idempotencyKey
        ? await claimReportKey(store, command.reporterId, candidate, { ...context, idempotencyKey })
        : candidate;
      return runReportCommand(store, reportId, { ...command, reportId }, context);
    }
    const replay = await replayIfStored(store, reportStreamName(candidate), reportDecider, context);
    if (replay) return replay;
  }
}
