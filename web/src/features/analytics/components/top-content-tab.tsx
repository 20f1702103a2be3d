import type { AnalyticsTopContent } from '@myworld/schemas';
import { formatCount } from '../../../lib/format-count.ts';
import { formatPercent } from '../lib/analytics-format.ts';
import { ANALYTICS_TEXTS } from '../lib/analytics-texts.ts';

/** A video shows its title, a text post its words; neither: "Untitled". */
const itemTitle = (item: AnalyticsTopContent) => item.title?.trim() || item.content?.trim() || 'Untitled';

/** Top Content: the creator's most viewed posts in the window, with their figures. */
export function TopContentTab({ items }: { items: readonly AnalyticsTopContent[] }) {
  if (items.length === 0) {
    return (
      <p className="analytics-empty" data-testid="top-content-empty">
        {ANALYTICS_TEXTS.noContent}
      </p>
    );
  }
  return (
    <ol className="analytics-top-content">
      {items.map((item, index) => (
        <li key={item.id} className="analytics-top-item card" data-testid={`top-content-${item.id}`}>
          <span className="analytics-top-item__rank" aria-hidden="true">
            {index + 1}
          </span>
          <div className="analytics-top-item__body">
            <span className="analytics-top-item__title">{itemTitle(item)}</span>
            <span className="analytics-top-item__meta">
              {item.type === 'video' ? 'Video' : 'Post'} ·{' '}
              {new Date(item.createdAt).toLocaleDateString('en-US', {
                month: 'short',
                day: 'numeric',
                year: 'numeric',
              })}
            </span>
          </div>
          <dl className="analytics-top-item__stats">
            <div>
              <dt>Views</dt>
              <dd data-testid="top-content-views">{formatCount(item.views)}</dd>
            </div>
            <div>
              <dt>Likes</dt>
              <dd>{formatCount(item.likes)}</dd>
            </div>
            <div>
              <dt>Comments</dt>
              <dd>{formatCount(item.comments)}</dd>
            </div>
            <div>
              <dt>Engagement</dt>
              <dd>{formatPercent(item.engagementRate)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
