import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderatedReportResponse, type ModerateReportBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { reportsKey } from '../lib/reports-key.ts';

/** PUT /api/reports/{id} {status, moderatorNote}: one moderation action; answers the report's new status and note. */
export async function moderateReport(reportId: string, body: ModerateReportBody) {
  return moderatedReportResponse.parse(await apiJson('PUT', `/api/reports/${encodeURIComponent(reportId)}`, body));
}

/** Acting on a report changes the queue (its status and note): every filtered list is read again. */
export function useModerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, body }: { reportId: string; body: ModerateReportBody }) => moderateReport(reportId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}
