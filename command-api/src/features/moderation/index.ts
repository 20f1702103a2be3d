import { defineFeature } from '../../platform/feature.ts';
import { fileReportRoute } from './routes/file-report.ts';
import { listReports } from './routes/list-reports.ts';
import { moderateReport } from './routes/moderate-report.ts';

/** Moderation: users report content; moderators work the queue (the `reports` read model). */
export const moderation = defineFeature({
  name: 'moderation',
  routes: [fileReportRoute, listReports, moderateReport],
});
