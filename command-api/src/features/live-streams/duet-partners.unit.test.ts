import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../platform/ws/connection.ts';
import { DuetPartners } from './duet-partners.ts';

const socket = (id: string, userId: string | null) => ({ id, userId }) as unknown as Connection;

describe("DuetPartners (one instance's view of duets)", () => {
  let graceOver: Array<[string, string]>;
  let duets: DuetPartners;
  beforeEach(() => {
    vi.useFakeTimers();
    graceOver = [];
    duets = new DuetPartners(
      () => 1_000,
      (streamId, partnerId) => graceOver.push([streamId, partnerId]),
    );
  });
  afterEach(() => {
    duets.stop();
    vi.useRealTimers();
  });

  it('knows the partner from the join or from duet_started, and which of its sockets are theirs', () => {
    const [a, b, c] = [socket('a', 'fan'), socket('b', 'fan'), socket('c', 'viewer')];
    duets.entered('s', a, null);
    duets.entered('s', c, null);
    expect(duets.exited('s', c)).toBe(false);
    duets.setPartner('s', 'fan');
    duets.entered('s', b, null);
    expect(duets.socketsOf('s', 'fan')).toEqual([a, b]);
    expect(duets.exited('s', a)).toBe(true);
    duets.setPartner('s', null);
    expect(duets.exited('s', b)).toBe(false);
  });

  it('a join that read no partner does not forget one heard meanwhile', () => {
    duets.entered('s', socket('x', 'viewer'), null);
    duets.setPartner('s', 'fan');
    duets.entered('s', socket('y', 'other'), null);
    expect(duets.exited('s', socket('z', 'fan'))).toBe(true);
  });

  it('calls back once the grace period is over, unless the partner came back or the duet ended', () => {
    duets.startGrace('s', 'fan');
    duets.startGrace('s', 'fan'); // one timer per partner
    vi.advanceTimersByTime(999);
    expect(graceOver).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(graceOver).toEqual([['s', 'fan']]);

    duets.startGrace('s', 'fan');
    duets.entered('s', socket('back', 'fan'), 'fan');
    duets.startGrace('t', 'fan');
    duets.cancelGrace('t', 'fan');
    duets.startGrace('u', 'fan');
    duets.stop();
    vi.advanceTimersByTime(5_000);
    expect(graceOver).toEqual([['s', 'fan']]);
  });
});
