import type { ReportStatus, TimelineSource } from '@myworld/schemas';

/** The page's own words beyond the shared ones (which live in MODERATION_MESSAGES), each defined once. */
export const MODERATION_TEXTS = {
  tabs: { reports: 'Reports', analytics: 'Analytics', settings: 'Settings' },
  // The timeline drawer
  openTimeline: 'Timeline',
  timelineTitle: 'Report timeline',
  timelineEmpty: 'Nothing recorded yet',
  timelineSystem: 'System',
  sources: {
    report: 'This report',
    content: 'Content',
    other_report: 'Other report',
    author_history: "Author's history",
  } satisfies Record<TimelineSource, string>,
  // Analytics
  range: 'Period',
  bucket: 'Group by',
  byReason: 'Reports by reason',
  byStatus: 'Reports by status over time',
  resolutionTime: 'Median time to resolution',
  overallResolution: (text: string) => `Overall median: ${text}`,
  noResolution: 'No report closed in this period',
  filedTotal: (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'report' : 'reports'} filed`,
  // Settings
  thresholdLabel: 'Auto-hide threshold',
  thresholdHelp: 'Content reported by this many different users is hidden until a moderator reviews it.',
  reasonsLegend: 'Report reasons users can choose',
  save: 'Save settings',
  readOnly: 'Only admins can change these settings.',
  savedTitle: 'Settings saved',
  savedDescription: 'The new moderation settings apply from now on.',
  saveFailedTitle: 'Could not save the settings',
} as const;

/** Status colours of the charts (SVG attributes cannot read CSS variables), as the report cards show them. */
export const STATUS_COLORS: Record<ReportStatus, string> = {
  pending: '#ca8a04',
  reviewing: '#2563eb',
  resolved: '#16a34a',
  dismissed: '#6b7280',
};
