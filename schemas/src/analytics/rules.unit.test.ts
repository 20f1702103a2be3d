import { describe, expect, it } from 'vitest';
import { ageGroupAt, engagementRate, percentChange } from './rules.ts';

describe('analytics rules', () => {
  it('engagement rate is (likes + comments) / (views + likes + comments) as a percent to 1 decimal, 0 without activity', () => {
    expect(engagementRate(6, 2, 1)).toBe(33.3);
    expect(engagementRate(1000, 20, 12)).toBe(3.1);
    expect(engagementRate(0, 1, 0)).toBe(100);
    expect(engagementRate(0, 0, 0)).toBe(0);
  });

  it('percent change against the previous window: from 0 it is 0 (nothing) or null (new, no ratio)', () => {
    expect(percentChange(2, 6)).toBe(200);
    expect(percentChange(3, 2)).toBe(-33.3);
    expect(percentChange(1, 0)).toBe(-100);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(0, 7)).toBeNull();
  });

  it("puts a viewer in an age group by their age on the event's UTC day; under 13 or a bad date in none", () => {
    const at = new Date('2026-03-10T23:30:00Z');
    expect(ageGroupAt('2013-03-10', at)).toBe('13-17'); // 13 that day
    expect(ageGroupAt('2013-03-11', at)).toBeNull();
    expect(ageGroupAt('2008-03-10', at)).toBe('18-24');
    expect(ageGroupAt('2001-03-11', at)).toBe('18-24'); // 24 until the next day
    expect(ageGroupAt('1992-01-01', at)).toBe('25-34');
    expect(ageGroupAt('1982-01-01', at)).toBe('35-44');
    expect(ageGroupAt('1981-03-10', at)).toBe('45+');
    expect(ageGroupAt('1990-02-30', at)).toBeNull();
  });
});
