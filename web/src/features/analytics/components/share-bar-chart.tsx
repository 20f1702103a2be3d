import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent } from '../lib/analytics-format.ts';
import { chartColor } from '../lib/chart-colors.ts';
import { ChartFigure } from '../../../components/ui/chart-figure.tsx';

export interface Share {
  readonly label: string;
  readonly percentage: number;
}

interface ShareBarChartProps {
  title: string;
  testId: string;
  shares: readonly Share[];
  /** The words shown when there is nothing to chart. */
  empty: string;
  /** Long labels (countries) read better as horizontal bars. */
  horizontal?: boolean;
}

/** One audience breakdown as bars of percentages, or its empty state. */
export function ShareBarChart({ title, testId, shares, empty, horizontal = false }: ShareBarChartProps) {
  if (shares.length === 0) return <EmptyBreakdown title={title} testId={testId} text={empty} />;
  const rows = shares.map((s) => ({ label: s.label, value: formatPercent(s.percentage) }));
  return (
    <ChartFigure
      title={title}
      testId={testId}
      columns={['Share']}
      rows={rows.map((r) => ({ label: r.label, values: [r.value] }))}
    >
      <BarChart
        data={[...shares]}
        accessibilityLayer={false}
        layout={horizontal ? 'vertical' : 'horizontal'}
        responsive
        style={{ width: '100%', height: horizontal ? Math.max(160, shares.length * 36) : 220 }}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={!horizontal} vertical={horizontal} />
        {horizontal ? (
          <>
            <XAxis type="number" tickFormatter={formatPercent} tickLine={false} />
            <YAxis type="category" dataKey="label" width={96} tickLine={false} />
          </>
        ) : (
          <>
            <XAxis dataKey="label" tickLine={false} />
            <YAxis tickFormatter={formatPercent} width={44} tickLine={false} />
          </>
        )}
        <Tooltip formatter={(value) => [formatPercent(Number(value)), 'Share']} />
        <Bar dataKey="percentage" name="Share" radius={4}>
          {shares.map((s, i) => (
            <Cell key={s.label} fill={chartColor(i)} />
          ))}
        </Bar>
      </BarChart>
    </ChartFigure>
  );
}

/** A breakdown with no data: its title and the empty-state words. */
export function EmptyBreakdown({ title, testId, text }: { title: string; testId: string; text: string }) {
  return (
    <section className="chart-figure" aria-label={title}>
      <h3 className="chart-figure__title">{title}</h3>
      <p className="analytics-empty" data-testid={`${testId}-empty`}>
        {text}
      </p>
    </section>
  );
}
