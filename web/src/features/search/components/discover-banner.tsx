import type { DiscoverTotals } from '@myworld/schemas';
import { formatCount } from '../../../lib/format-count.ts';
import { useTrending } from '../api/get-trending.ts';

const FIGURES: { key: keyof DiscoverTotals; label: string }[] = [
  { key: 'videos', label: 'Videos' },
  { key: 'textPosts', label: 'Posts' },
  { key: 'creators', label: 'Creators' },
  { key: 'hashtags', label: 'Hashtags' },
];

/** Discover's banner: what there is to explore, in real counts (GET /api/trending's totals). */
export function DiscoverBanner() {
  const trending = useTrending();
  return (
    <section
      className="discover-banner"
      aria-label="Explore MyWorld"
      aria-busy={trending.isPending}
      data-testid="discover-banner"
    >
      <p className="discover-banner__title">Explore what creators share on MyWorld</p>
      {trending.isSuccess && (
        <dl className="discover-banner__figures">
          {FIGURES.map((f) => (
            <div key={f.key} className="discover-banner__figure" data-testid={`discover-total-${f.key}`}>
              <dt>{f.label}</dt>
              <dd>{formatCount(trending.data.totals[f.key])}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
