import { Cell, Legend, Pie, PieChart, Tooltip } from 'recharts';
import { formatPercent } from '../lib/analytics-format.ts';
import { chartColor } from '../lib/chart-colors.ts';
import { ChartFigure } from '../../../components/ui/chart-figure.tsx';
import { EmptyBreakdown, type Share } from './share-bar-chart.tsx';

interface SharePieChartProps {
  title: string;
  testId: string;
  shares: readonly Share[];
  empty: string;
}

/** A breakdown of few parts (devices) as a donut, or its empty state. */
export function SharePieChart({ title, testId, shares, empty }: SharePieChartProps) {
  if (shares.length === 0) return <EmptyBreakdown title={title} testId={testId} text={empty} />;
  const rows = shares.map((s) => ({ label: s.label, value: formatPercent(s.percentage) }));
  return (
    <ChartFigure
      title={title}
      testId={testId}
      columns={['Share']}
      rows={rows.map((r) => ({ label: r.label, values: [r.value] }))}
    >
      <PieChart accessibilityLayer={false} responsive style={{ width: '100%', height: 240 }}>
        <Pie
          data={[...shares]}
          dataKey="percentage"
          nameKey="label"
          innerRadius="50%"
          outerRadius="80%"
          paddingAngle={2}
        >
          {shares.map((s, i) => (
            <Cell key={s.label} fill={chartColor(i)} />
          ))}
        </Pie>
        <Tooltip formatter={(value) => formatPercent(Number(value))} />
        <Legend />
      </PieChart>
    </ChartFigure>
  );
}
