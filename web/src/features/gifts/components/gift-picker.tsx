import { useState } from 'react';
import { Link } from 'wouter';
import { GIFT_MESSAGES, GIFT_MESSAGE_MAX, GIFT_QUANTITY_MAX, GIFT_QUANTITY_MIN, formatCents } from '@myworld/schemas';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useGiftCatalogue } from '../api/list-gifts.ts';
import { useSendGift } from '../api/send-gift.ts';
import { giftQuantityFromInput } from '../lib/gift-quantity.ts';
import { GIFT_TEXTS } from '../lib/gift-texts.ts';
import { openPaymentWindow } from '../lib/payment-window.ts';
import { awaitPaymentReturn, type PaymentOutcome } from '../lib/payment-returns.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { GiftOption } from './gift-option.tsx';
import './gifts.css';

/**
 * In the stream room: pick a gift, a quantity (1 to 10) and an optional message, then Send Gift
 * opens the card-payment confirmation in a new window. Once paid, the window hands the outcome back
 * to this tab and closes: the tab says so and the form starts over (the room sees the gift over its
 * socket). Visitors and the streamer see why they cannot send.
 */
export function GiftPicker({ streamId, isOwner, signedIn }: { streamId: string; isOwner: boolean; signedIn: boolean }) {
  const catalogue = useGiftCatalogue();
  const send = useSendGift(streamId);
  const [selectedType, setSelectedType] = useState<string | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [message, setMessage] = useState('');
  // The payment page's address when the browser blocked the new window: offered as a link instead.
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  // Waiting for the payment window, then the last payment's outcome (shown until the next send).
  const [status, setStatus] = useState<'idle' | 'paying' | 'sent'>('idle');

  const selected = catalogue.data?.find((g) => g.type === selectedType) ?? null;
  const quantity = giftQuantityFromInput(quantityText);
  // Anyone may look through the gifts and prices; only a signed-in viewer may send.
  const canSend = signedIn && !isOwner && selected !== null && !send.isPending;

  async function onSend() {
    if (!canSend) return;
    setBlockedUrl(null);
    const payment = openPaymentWindow();
    try {
      const answer = await send.mutateAsync({ giftType: selected.type, quantity, message: message.trim() });
      setStatus('paying');
      // Heard even if this picker is gone by then (the buyer went to the chat tab): the toast still shows.
      awaitPaymentReturn(answer.paymentIntentId, `/stream/${streamId}`, onPaymentOutcome);
      if (payment.show(answer.confirmUrl)) {
        // Closed without paying: the form is the buyer's again (a paid window reports before it closes).
        payment.whenClosed(() => setStatus((now) => (now === 'paying' ? 'idle' : now)));
        toast({ title: GIFT_TEXTS.paymentOpenedTitle, description: GIFT_TEXTS.paymentOpened });
      } else {
        setBlockedUrl(answer.confirmUrl);
        toast({ title: GIFT_TEXTS.popupBlockedTitle, description: GIFT_TEXTS.popupBlocked, variant: 'destructive' });
      }
    } catch (error) {
      payment.close();
      toastFailure(GIFT_MESSAGES.sendFailedTitle, error);
    }
  }

  function onPaymentOutcome(outcome: PaymentOutcome) {
    if (outcome === 'failed') {
      setStatus('idle');
      toast({
        title: GIFT_MESSAGES.sendFailedTitle,
        description: GIFT_MESSAGES.paymentDeclined,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: GIFT_MESSAGES.giftSentTitle, description: GIFT_MESSAGES.giftSent });
    setStatus('sent');
    setSelectedType(null);
    setQuantityText('1');
    setMessage('');
    setBlockedUrl(null);
  }

  return (
    <section className="gift-picker" aria-label={GIFT_TEXTS.pickerTitle} data-testid="gift-picker">
      <h2 className="gift-picker__title">{GIFT_TEXTS.pickerTitle}</h2>
      {catalogue.isLoading && <span className="spinner" role="progressbar" aria-label="Loading gifts" />}
      {catalogue.isError && <p className="muted">{catalogue.error.message}</p>}
      {catalogue.data && (
        <div className="gift-options" role="group" aria-label="Gifts">
          {catalogue.data.map((g) => (
            <GiftOption
              key={g.type}
              gift={g}
              selected={g.type === selectedType}
              onSelect={() => setSelectedType(g.type)}
            />
          ))}
        </div>
      )}
      <div className="gift-picker__fields">
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={GIFT_QUANTITY_MIN}
          max={GIFT_QUANTITY_MAX}
          step={1}
          value={quantityText}
          onChange={(e) => setQuantityText(e.target.value)}
          data-testid="gift-quantity"
        />
        <TextField
          label="Message"
          maxLength={GIFT_MESSAGE_MAX}
          placeholder={GIFT_TEXTS.messagePlaceholder}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="gift-message"
        />
      </div>
      <div className="gift-picker__summary">
        <span className="muted">{GIFT_MESSAGES.final}</span>
        <span className="gift-picker__total" data-testid="gift-total">
          Total: {formatCents((selected?.price ?? 0) * quantity)}
        </span>
      </div>
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!canSend}
        onClick={() => void onSend()}
        data-testid="send-gift"
      >
        {send.isPending ? GIFT_TEXTS.sending : GIFT_MESSAGES.sendGift}
      </button>
      {!signedIn && (
        <p className="gift-picker__hint muted" data-testid="gift-sign-in-hint">
          {GIFT_MESSAGES.signInRequired} <Link href="/login">{GIFT_TEXTS.signIn}</Link>
        </p>
      )}
      {signedIn && isOwner && (
        <p className="gift-picker__hint muted" data-testid="gift-owner-hint">
          {GIFT_MESSAGES.ownStream}
        </p>
      )}
      {status === 'paying' && (
        <p className="gift-picker__hint muted" role="status" data-testid="gift-payment-pending">
          {GIFT_TEXTS.paymentOpened}
        </p>
      )}
      {status === 'sent' && (
        <p className="gift-picker__hint" role="status" data-testid="gift-sent">
          {GIFT_MESSAGES.giftSent}
        </p>
      )}
      {blockedUrl && (
        <a
          className="gift-picker__hint"
          href={blockedUrl}
          target="_blank"
          rel="noopener"
          data-testid="gift-payment-link"
        >
          {GIFT_TEXTS.openPayment}
        </a>
      )}
    </section>
  );
}
