import type { AnalyticsRecommendation } from '@myworld/schemas';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';

const IMPACT_LABELS = { high: 'High impact', medium: 'Medium impact', low: 'Low impact' } as const;

/** AI Insights: the server's recommendations drawn from the creator's figures, each with its impact. */
export function InsightsTab({ recommendations }: { recommendations: readonly AnalyticsRecommendation[] }) {
  if (recommendations.length === 0) {
    return (
      <p className="analytics-empty" data-testid="insights-empty">
        {ANALYTICS_TEXTS.noInsights}
      </p>
    );
  }
  return (
    <ul className="analytics-insights">
      {recommendations.map((r) => (
        <li key={r.title} className="analytics-insight card" data-testid="insight">
          <div className="analytics-insight__head">
            <strong className="analytics-insight__title">{r.title}</strong>
            <span className={`analytics-impact analytics-impact--${r.impact}`} data-testid="insight-impact">
              {IMPACT_LABELS[r.impact]}
            </span>
          </div>
          <p className="analytics-insight__description">{r.description}</p>
          {r.actionable && <span className="analytics-insight__actionable">Actionable</span>}
        </li>
      ))}
    </ul>
  );
}
