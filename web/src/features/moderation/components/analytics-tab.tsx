import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportStats,
  type ReportStatsBucket,
} from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { hasStatus } from '../../../lib/api-client.ts';
import { useReportStats } from '../api/report-stats.ts';
import { MODERATION_TEXTS, STATUS_COLORS } from '../lib/moderation-texts.ts';
import { reasonLabel } from '../lib/report-actions.ts';
import { bucketLabel, formatDuration, lastDays } from '../lib/stats-format.ts';
import { ChartFigure } from '../../../components/ui/chart-figure.tsx';

const PERIODS = [
  { id: '7', label: '7 days' },
  { id: '30', label: '30 days' },
  { id: '90', label: '90 days' },
  { id: '365', label: '1 year' },
] as const;
type Period = (typeof PERIODS)[number]['id'];
const BUCKETS: ReadonlyArray<{ id: ReportStatsBucket; label: string }> = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
];
const BAR_COLOR = '#7c3aed';
const chartStyle = { width: '100%', height: 240 } as const;

/** Room for the longest reason's name beside the bars (up to 10 px a character at the axis' size). */
const reasonAxisWidth = (reasons: readonly { label: string }[]) =>
  Math.max(...reasons.map((r) => r.label.length)) * 10 + 12;

/** The Analytics tab: reports by reason, by status over time, and the median time to resolution (GET /api/reports/stats). */
export function AnalyticsTab() {
  const [period, setPeriod] = useState<Period>('30');
  const [bucket, setBucket] = useState<ReportStatsBucket>('day');
  // The window is fixed when the period is chosen, so the query key stays put between renders.
  const statsWindow = useMemo(() => ({ ...lastDays(Number(period)), bucket }), [period, bucket]);
  const stats = useReportStats(statsWindow);

  if (stats.isError && hasStatus(stats.error, 403)) {
    return (
      <p className="moderation-page__denied" data-testid="moderation-denied">
        {MODERATION_MESSAGES.permissionRequired}
      </p>
    );
  }
  return (
    <section className="moderation-analytics" data-testid="moderation-analytics">
      <div className="moderation-reports__filters">
        <TabList
          label={MODERATION_TEXTS.range}
          tabs={PERIODS}
          value={period}
          onChange={setPeriod}
          className="chips"
          tabClassName="chip"
          testId={(id) => `stats-period-${id}`}
        />
        <TabList
          label={MODERATION_TEXTS.bucket}
          tabs={BUCKETS}
          value={bucket}
          onChange={setBucket}
          className="chips"
          tabClassName="chip"
          testId={(id) => `stats-bucket-${id}`}
        />
      </div>
      {stats.isPending ? (
        <span className="spinner" role="progressbar" aria-label="Loading moderation figures" />
      ) : stats.isError ? (
        <p className="moderation-page__error">{stats.error.message}</p>
      ) : (
        <StatsCharts stats={stats.data} />
      )}
    </section>
  );
}

function StatsCharts({ stats }: { stats: ReportStats }) {
  const reasons = REPORT_REASONS.map((r) => ({ label: reasonLabel(r), count: stats.overall.byReason[r] }));
  const overTime = stats.buckets.map((b) => ({ label: bucketLabel(b.start, stats.bucket), ...b.byStatus }));
  const resolution = stats.buckets.map((b) => ({
    label: bucketLabel(b.start, stats.bucket),
    hours: b.medianResolutionSeconds === null ? null : b.medianResolutionSeconds / 3600,
    seconds: b.medianResolutionSeconds,
  }));
  const overall = stats.overall.medianResolutionSeconds;
  return (
    <>
      <p className="moderation-analytics__summary" data-testid="stats-summary">
        {MODERATION_TEXTS.filedTotal(stats.overall.filed)} ·{' '}
        {overall === null ? MODERATION_TEXTS.noResolution : MODERATION_TEXTS.overallResolution(formatDuration(overall))}
      </p>
      <div className="moderation-analytics__charts">
        <ChartFigure
          title={MODERATION_TEXTS.byReason}
          testId="stats-by-reason"
          columns={['Reports']}
          rows={reasons.map((r) => ({ label: r.label, values: [String(r.count)] }))}
        >
          {/* Bars across, the reasons beside them: every name reads whole on a phone (rotated under
              the bars, the long ones were cut off at the edge). */}
          <BarChart
            data={reasons}
            layout="vertical"
            responsive
            style={{ width: '100%', height: reasons.length * 30 + 32 }}
            accessibilityLayer={false}
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} />
            <YAxis type="category" dataKey="label" width={reasonAxisWidth(reasons)} interval={0} tickLine={false} />
            <Tooltip />
            <Bar dataKey="count" name="Reports" fill={BAR_COLOR} />
          </BarChart>
        </ChartFigure>
        <ChartFigure
          title={MODERATION_TEXTS.byStatus}
          testId="stats-by-status"
          columns={REPORT_STATUSES}
          rows={overTime.map((b) => ({ label: b.label, values: REPORT_STATUSES.map((s) => String(b[s])) }))}
        >
          <BarChart
            data={overTime}
            responsive
            style={chartStyle}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} width={36} tickLine={false} />
            <Tooltip />
            <Legend />
            {REPORT_STATUSES.map((s) => (
              <Bar key={s} dataKey={s} name={s} stackId="status" fill={STATUS_COLORS[s]} />
            ))}
          </BarChart>
        </ChartFigure>
        <ChartFigure
          title={MODERATION_TEXTS.resolutionTime}
          testId="stats-resolution"
          columns={['Median']}
          rows={resolution.map((b) => ({
            label: b.label,
            values: [b.seconds === null ? '—' : formatDuration(b.seconds)],
          }))}
        >
          <LineChart
            data={resolution}
            responsive
            style={chartStyle}
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} minTickGap={16} />
            <YAxis width={44} tickLine={false} unit=" h" />
            <Tooltip formatter={(value) => [formatDuration(Number(value) * 3600), 'Median']} />
            <Line
              type="monotone"
              dataKey="hours"
              name="Median (hours)"
              stroke={BAR_COLOR}
              strokeWidth={2}
              dot
              connectNulls={false}
            />
          </LineChart>
        </ChartFigure>
      </div>
    </>
  );
}
