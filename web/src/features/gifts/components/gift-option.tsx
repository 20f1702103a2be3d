import { formatCents, type GiftType } from '@myworld/schemas';
import { capitalize } from '../../../lib/labels.ts';

/** One gift of the catalogue as a toggle button: emoji, name and price in dollars. */
export function GiftOption({ gift, selected, onSelect }: { gift: GiftType; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      className="gift-option"
      aria-pressed={selected}
      onClick={onSelect}
      data-testid={`gift-option-${gift.type}`}
    >
      <span className="gift-option__emoji" aria-hidden="true">
        {gift.emoji}
      </span>
      <span className="gift-option__name">{capitalize(gift.type)}</span>
      <span className="gift-option__price">{formatCents(gift.price)}</span>
    </button>
  );
}
