import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { EarningsResponse } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { EarningsSummary } from './earnings-summary.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('EarningsSummary', () => {
  it('shows gross, refunded and net in dollars and the number of gifts', async () => {
    const earnings: EarningsResponse = {
      userId: 'u1',
      grossCents: 12_550,
      refundedCents: 500,
      reversedCents: 0,
      netCents: 12_050,
      giftsReceived: 1_204,
      lastGiftAt: null,
    };
    stubFetch((url) =>
      url === '/api/earnings' ? json(200, earnings) : json(404, { error: 'not_found', message: 'Not found' }),
    );
    renderWithApp(<EarningsSummary />);
    expect((await screen.findByTestId('earnings-gross')).textContent).toBe('$125.50');
    expect(screen.getByTestId('earnings-refunded').textContent).toBe('$5.00');
    expect(screen.getByTestId('earnings-net').textContent).toBe('$120.50');
    expect(screen.getByTestId('earnings-gifts').textContent).toBe('1,204');
  });

  it('says when the earnings could not be loaded', async () => {
    stubFetch(() => json(500, { error: 'internal', message: 'boom' }));
    renderWithApp(<EarningsSummary />);
    expect(await screen.findByText('Earnings could not be loaded.')).toBeTruthy();
  });
});
