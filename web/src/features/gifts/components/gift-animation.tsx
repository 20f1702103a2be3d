import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { GIFT_ANIMATION_MS, type ReceivedGift } from '@myworld/schemas';
import './gifts.css';
import { GiftIcon } from './gift-icon.tsx';

/** At most this many gifts float at once; later ones wait their turn, so a burst stays readable. */
const MAX_SHOWN = 3;

/**
 * Over the stream video: each received gift floats up for 3 s (GIFT_ANIMATION_MS), then goes.
 * `gifts` is everything the room received (oldest first, as useReceivedGifts keeps it); gifts not
 * yet shown queue behind the ones showing. Keep it mounted for the page's life, or gifts replay.
 */
export function GiftAnimation({ gifts }: { gifts: readonly ReceivedGift[] }) {
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const finish = useCallback((id: string) => setDone((d) => new Set(d).add(id)), []);
  const shown = gifts.filter((g) => !done.has(g.id)).slice(0, MAX_SHOWN);
  if (shown.length === 0) return null;
  return (
    <div className="gift-animation-layer" aria-live="polite">
      {shown.map((g) => (
        <GiftBurst key={g.id} gift={g} onDone={finish} />
      ))}
    </div>
  );
}

function GiftBurst({ gift, onDone }: { gift: ReceivedGift; onDone: (id: string) => void }) {
  // The timer starts when this gift is first shown and ends its turn exactly 3 s later.
  useEffect(() => {
    const t = setTimeout(() => onDone(gift.id), GIFT_ANIMATION_MS);
    return () => clearTimeout(t);
  }, [gift.id, onDone]);

  const style = { '--gift-animation-ms': `${GIFT_ANIMATION_MS}ms` } as CSSProperties;
  return (
    <div className="gift-animation" data-testid="gift-animation" data-gift-type={gift.giftType} style={style}>
      <p className="gift-animation__icon" aria-hidden="true">
        <GiftIcon type={gift.giftType} />
        <span className="gift-animation__times">×{gift.quantity}</span>
      </p>
      <p className="gift-animation__text">
        @{gift.sender.username ?? 'unknown'} sent {gift.quantity} × {gift.giftType}
      </p>
      {gift.message && <p className="gift-animation__message">{gift.message}</p>}
    </div>
  );
}
