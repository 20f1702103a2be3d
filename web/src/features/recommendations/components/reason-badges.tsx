import type { RecommendationReason } from '@myworld/schemas';
import { reasonBadges } from '../lib/labels.ts';

/** Why an item is recommended: at most 3 badges. */
export function ReasonBadges({ reasons }: { reasons: readonly RecommendationReason[] }) {
  const badges = reasonBadges(reasons);
  if (badges.length === 0) return null;
  return (
    <ul className="reason-badges" aria-label="Why it is recommended">
      {badges.map((label) => (
        <li key={label} className="reason-badge" data-testid="reason-badge">
          {label}
        </li>
      ))}
    </ul>
  );
}
