import { reportReasonsResponse } from '@myworld/schemas';
import { moderationRoute } from '../context.ts';
import { currentModerationSettings } from '@myworld/write-model/moderation';

/** The reasons the report form offers: those admins left enabled (POST /api/reports refuses the others). */
export const listReportReasons = moderationRoute({
  method: 'GET',
  url: '/api/reports/reasons',
  summary: 'The reasons a report may give (signed in)',
  description:
    'The subset of spam, harassment, hate_speech, violence, nudity, misinformation, copyright and other that admins have enabled, in that order.',
  config: { auth: 'user', readModel: 'reports' },
  schema: { response: { 200: reportReasonsResponse } },
  handler: async ({ ctx }) => ({ reportReasons: (await currentModerationSettings(ctx)).reportReasons }),
});
