import { moderationReactions } from './live-reactions.ts';
import { defineFeature } from '../../platform/feature.ts';
import { moderationConfig } from './config.ts';
import { fileReportRoute } from './routes/file-report.ts';
import { listReports } from './routes/list-reports.ts';
import { moderateReport } from './routes/moderate-report.ts';
import { reportTimeline } from './routes/report-timeline.ts';
import { reportStatsRoute } from './routes/report-stats.ts';
import { changeModerationSettings } from './routes/change-settings.ts';
import { getModerationSettings } from './routes/get-settings.ts';
import { listReportReasons } from './routes/list-report-reasons.ts';
import { reinstateAccount } from './routes/reinstate-account.ts';

/**
 * Moderation: users report content; moderators work the queue (the `reports` read model), remove
 * content; admins change the settings and reinstate suspended accounts. What follows from reports
 * (auto-hide, restore, a removal's fan-out) is decided by moderation's reactor in the workers
 * (policies.ts); this instance's pushes about it by its live reactor (live-reactions.ts).
 */
export const moderation = defineFeature({
  name: 'moderation',
  config: moderationConfig,
  routes: [
    fileReportRoute,
    listReports,
    moderateReport,
    reportTimeline,
    reportStatsRoute,
    getModerationSettings,
    changeModerationSettings,
    listReportReasons,
    reinstateAccount,
  ],
  reactions: moderationReactions,
});
