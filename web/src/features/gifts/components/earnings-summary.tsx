import { GIFT_MESSAGES, formatCents } from '@myworld/schemas';
import { useEarnings } from '../api/get-earnings.ts';
import { GIFT_TEXTS } from '../lib/gift-texts.ts';
import './gifts.css';

/** The signed-in streamer's gift earnings: gross, refunded, net (all in dollars) and how many gifts. */
export function EarningsSummary() {
  const earnings = useEarnings();
  const e = earnings.data;
  return (
    <section className="card earnings" aria-label={GIFT_TEXTS.earningsTitle} data-testid="earnings-summary">
      <h2 className="earnings__title">{GIFT_TEXTS.earningsTitle}</h2>
      {earnings.isLoading && <span className="spinner" role="progressbar" aria-label="Loading earnings" />}
      {earnings.isError && <p className="muted">{GIFT_TEXTS.earningsFailed}</p>}
      {e && (
        <dl className="earnings__rows">
          <Row label="Gross" value={formatCents(e.grossCents)} testId="earnings-gross" />
          <Row label="Refunded" value={formatCents(e.refundedCents)} testId="earnings-refunded" />
          <Row label="Net" value={formatCents(e.netCents)} testId="earnings-net" />
          <Row
            label={GIFT_MESSAGES.giftsReceived}
            value={e.giftsReceived.toLocaleString('en-US')}
            testId="earnings-gifts"
          />
        </dl>
      )}
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="earnings__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
