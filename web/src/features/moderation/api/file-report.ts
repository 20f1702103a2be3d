import { useMutation, useQuery } from '@tanstack/react-query';
import { reportReasonsResponse, type FileReportBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/reports {contentType, contentId, reportReason, description}: files one report. */
export function useFileReport() {
  return useMutation({ mutationFn: (body: FileReportBody) => apiJson('POST', '/api/reports', body) });
}

/** GET /api/reports/reasons: the reasons admins left enabled, for the report form. */
export function useReportReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['api', 'reports', 'reasons'],
    queryFn: async ({ signal }) =>
      reportReasonsResponse.parse(await apiJson('GET', '/api/reports/reasons', undefined, signal)).reportReasons,
    enabled,
  });
}
