/** Chart fills: SVG attributes cannot read CSS variables, so the brand colours are repeated here. */
const CHART_COLORS = ['#7c3aed', '#db2777', '#0ea5e9', '#f59e0b', '#10b981', '#6366f1', '#ef4444', '#64748b'] as const;

export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length]!;
