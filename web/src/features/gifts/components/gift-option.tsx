import { formatCents, type GiftType } from '@myworld/schemas';
import { capitalize } from '../../../lib/labels.ts';
import { GiftIcon } from './gift-icon.tsx';

/** One gift of the catalogue as a toggle button: its picture, name and price in dollars. */
export function GiftOption({ gift, selected, onSelect }: { gift: GiftType; selected: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      className="gift-option"
      aria-pressed={selected}
      onClick={onSelect}
      data-testid={`gift-option-${gift.type}`}
    >
      <GiftIcon type={gift.type} className="gift-option__icon" />
      <span className="gift-option__name">{capitalize(gift.type)}</span>
      <span className="gift-option__price">{formatCents(gift.price)}</span>
    </button>
  );
}
