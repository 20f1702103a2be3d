import { describe, expect, it } from 'vitest';
import { analyticsWindow } from './analytics-window.ts';

const at = (text: string) => new Date(text);

describe('analytics windows: whole hours', () => {
  it('now: up to the end of the current hour, the previous window just before, one chart point an hour for 24h', () => {
    const w = analyticsWindow('24h', null, at('2026-03-10T12:34:56Z'));
    expect(w.current).toEqual({ from: at('2026-03-09T13:00:00Z'), to: at('2026-03-10T13:00:00Z') });
    expect(w.previous).toEqual({ from: at('2026-03-08T13:00:00Z'), to: at('2026-03-09T13:00:00Z') });
    expect(w.points).toHaveLength(24);
    expect(w.points[23]).toEqual({ from: at('2026-03-10T12:00:00Z'), to: at('2026-03-10T13:00:00Z') });
  });

  it('as of a time: up to the start of its hour, so nothing after asOf counts; one point a day beyond 24h', () => {
    const w = analyticsWindow('90d', at('2026-03-10T12:34:56Z'), at('2026-11-26T09:00:00Z'));
    expect(w.current.to).toEqual(at('2026-03-10T12:00:00Z'));
    expect(w.current.from).toEqual(at('2025-12-10T12:00:00Z'));
    expect(w.previous.from).toEqual(at('2025-09-11T12:00:00Z'));
    expect(w.points).toHaveLength(90);
    expect(
      analyticsWindow('7d', at('2026-03-10T12:00:00Z'), new Date()).points.map((p) =>
        p.from.toISOString().slice(0, 13),
      ),
    ).toEqual([
      '2026-03-03T12',
      '2026-03-04T12',
      '2026-03-05T12',
      '2026-03-06T12',
      '2026-03-07T12',
      '2026-03-08T12',
      '2026-03-09T12',
    ]);
  });
});
