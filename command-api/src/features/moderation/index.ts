import { defineFeature } from '../../platform/feature.ts';
import { fileReportRoute } from './routes/file-report.ts';
import { listReports } from './routes/list-reports.ts';
import { moderateReport } from './routes/moderate-report.ts';
import { reportTimeline } from './routes/report-timeline.ts';
import { reportStatsRoute } from './routes/report-stats.ts';
import { changeModerationSettings } from './routes/change-settings.ts';
import { getModerationSettings } from './routes/get-settings.ts';
import { listReportReasons } from './routes/list-report-reasons.ts';
import { reinstateAccount } from './routes/reinstate-account.ts';

/** Moderation: users report content; moderators work the queue (the `reports` read model), remove content; admins change the settings and reinstate suspended accounts. */
export const moderation = defineFeature({
  name: 'moderation',
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
});
