import type { AnalyticsDemographics } from '@myworld/schemas';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';
import { ShareBarChart } from './share-bar-chart.tsx';
import { SharePieChart } from './share-pie-chart.tsx';

/** Audience: who viewed, by age group, device and country, each with its empty state. */
export function AudienceTab({ demographics }: { demographics: AnalyticsDemographics }) {
  return (
    <div className="analytics-audience">
      <ShareBarChart
        title={ANALYTICS_TEXTS.ageGroups}
        testId="age-groups-chart"
        shares={demographics.ageGroups.map((g) => ({ label: g.range, percentage: g.percentage }))}
        empty={ANALYTICS_TEXTS.noAgeGroups}
      />
      <SharePieChart
        title={ANALYTICS_TEXTS.devices}
        testId="devices-chart"
        shares={demographics.devices.map((d) => ({ label: d.device, percentage: d.percentage }))}
        empty={ANALYTICS_TEXTS.noDevices}
      />
      <ShareBarChart
        title={ANALYTICS_TEXTS.countries}
        testId="countries-chart"
        shares={demographics.countries.map((c) => ({ label: c.country, percentage: c.percentage }))}
        empty={ANALYTICS_TEXTS.noCountries}
        horizontal
      />
    </div>
  );
}
