import type { ReactNode } from 'react';
import './chart-figure.css';

interface ChartFigureProps {
  title: string;
  testId: string;
  /** The figures the chart draws, as rows of a visually hidden table (label, then one cell per column). */
  columns: readonly string[];
  rows: ReadonlyArray<{ readonly label: string; readonly values: readonly string[] }>;
  children: ReactNode;
}

/** A titled chart whose figures are also a hidden table, so screen readers (and tests) read the numbers. */
export function ChartFigure({ title, testId, columns, rows, children }: ChartFigureProps) {
  return (
    <figure className="chart-figure" role="group" aria-label={title} data-testid={testId}>
      <figcaption className="chart-figure__title">{title}</figcaption>
      <div className="chart-figure__plot" aria-hidden="true">
        {children}
      </div>
      <table className="visually-hidden" data-testid={`${testId}-table`}>
        <thead>
          <tr>
            <th scope="col">{title}</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.map((v, i) => (
                <td key={columns[i] ?? i}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
