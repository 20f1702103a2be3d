import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsTimePoint, AnalyticsTimeframe } from '@myworld/schemas';
import { formatCount } from '../../../lib/format-count.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { chartColor } from '../lib/chart-colors.ts';
import { pointLabel } from '../lib/time-labels.ts';
import { ChartFigure } from '../../../components/ui/chart-figure.tsx';

/** The Overview's views per hour (24h) or per day (longer timeframes). */
export function ViewsChart({
  series,
  timeframe,
}: {
  series: readonly AnalyticsTimePoint[];
  timeframe: AnalyticsTimeframe;
}) {
  const points = series.map((p) => ({ label: pointLabel(p.at, timeframe), views: p.views }));
  return (
    <ChartFigure
      title={ANALYTICS_TEXTS.viewsOverTime}
      testId="views-chart"
      columns={['Views']}
      rows={points.map((p) => ({ label: p.label, values: [formatCount(p.views)] }))}
    >
      <AreaChart
        data={points}
        accessibilityLayer={false}
        responsive
        style={{ width: '100%', height: 240 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <defs>
          <linearGradient id="analytics-views-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={chartColor(0)} stopOpacity={0.35} />
            <stop offset="100%" stopColor={chartColor(0)} stopOpacity={0} />
          </linearGradient>
        </defs>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} minTickGap={16} />
        <YAxis allowDecimals={false} tickFormatter={formatCount} width={44} tickLine={false} />
        <Tooltip formatter={(value) => [formatCount(Number(value)), 'Views']} />
        <Area
          type="monotone"
          dataKey="views"
          name="Views"
          stroke={chartColor(0)}
          strokeWidth={2}
          fill="url(#analytics-views-fill)"
        />
      </AreaChart>
    </ChartFigure>
  );
}
