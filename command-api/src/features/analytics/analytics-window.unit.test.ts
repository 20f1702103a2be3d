import { describe, expect, it } from 'vitest';
import { analyticsWindow } from './analytics-window.ts';

const at = (text: string) => new Date(text);
const starts = (w: ReturnType<typeof analyticsWindow>) => w.points.map((p) => p.from.toISOString().slice(0, 13));

describe('analytics windows: whole hours, days of the viewer’s calendar', () => {
  it('now: up to the end of the current hour, the previous window just before, one chart point an hour for 24h', () => {
    const w = analyticsWindow('24h', null, at('2026-03-10T12:34:56Z'));
    expect(w.current).toEqual({ from: at('2026-03-09T13:00:00Z'), to: at('2026-03-10T13:00:00Z') });
    expect(w.previous).toEqual({ from: at('2026-03-08T13:00:00Z'), to: at('2026-03-09T13:00:00Z') });
    expect(w.points).toHaveLength(24);
    expect(w.points[23]).toEqual({ from: at('2026-03-10T12:00:00Z'), to: at('2026-03-10T13:00:00Z') });
  });

  it('as of a time: up to the start of its hour, so nothing after asOf counts; beyond 24h one point a calendar day, today so far last', () => {
    const w = analyticsWindow('90d', at('2026-03-10T12:34:56Z'), at('2026-11-26T09:00:00Z'));
    expect(w.current).toEqual({ from: at('2025-12-11T00:00:00Z'), to: at('2026-03-10T12:00:00Z') });
    expect(w.previous).toEqual({ from: at('2025-09-12T12:00:00Z'), to: at('2025-12-11T00:00:00Z') });
    expect(w.points).toHaveLength(90);
    expect(w.points[89]).toEqual({ from: at('2026-03-10T00:00:00Z'), to: at('2026-03-10T12:00:00Z') });
    expect(starts(analyticsWindow('7d', at('2026-03-10T12:00:00Z'), new Date()))).toEqual([
      '2026-03-04T00',
      '2026-03-05T00',
      '2026-03-06T00',
      '2026-03-07T00',
      '2026-03-08T00',
      '2026-03-09T00',
      '2026-03-10T00',
    ]);
  });

  it("in the viewer's time zone: a view at 00:30 in Tokyo is on that Tokyo day, not on the UTC day before", () => {
    // 2026-11-27 00:30 in Tokyo (UTC+9) is 2026-11-26 15:30 UTC.
    const w = analyticsWindow('7d', null, at('2026-11-26T15:30:00Z'), 'Asia/Tokyo');
    const today = w.points[6]!;
    expect(today).toEqual({ from: at('2026-11-26T15:00:00Z'), to: at('2026-11-26T16:00:00Z') });
    expect(w.points[0]!.from).toEqual(at('2026-11-20T15:00:00Z')); // Nov 21, 00:00 in Tokyo
    // New York's days across the end of summer time (1 November 2026): the short day is 25 hours.
    const ny = analyticsWindow('7d', null, at('2026-11-03T12:10:00Z'), 'America/New_York');
    expect(starts(ny)).toEqual([
      '2026-10-28T04',
      '2026-10-29T04',
      '2026-10-30T04',
      '2026-10-31T04',
      '2026-11-01T04',
      '2026-11-02T05',
      '2026-11-03T05',
    ]);
  });
});
