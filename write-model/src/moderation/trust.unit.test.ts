import { describe, expect, it } from 'vitest';
import { distrust, trustedReporterCount, type ReporterFacts } from './trust.ts';

const DAY = 86_400_000;
const reportedAt = new Date('2026-11-20T12:00:00.000Z');
const daysBefore = (n: number) => new Date(reportedAt.getTime() - n * DAY);
const rule = { minAccountAgeDays: 7, dismissalWindowDays: 30 };
const trusted = (reporterId: string, over: Partial<ReporterFacts> = {}): ReporterFacts => ({
  reporterId,
  reportedAt,
  registeredAt: daysBefore(60),
  emailVerifiedAt: daysBefore(59),
  dismissedAt: [],
  dismissedOnItem: false,
  ...over,
});

describe('reporter trust (auto-hide counts trusted reporters only)', () => {
  it("a verified account old enough, with no recent dismissed report, reporting someone else's item, is trusted", () => {
    expect(distrust(trusted('r1'), 'author', rule)).toBeNull();
  });

  it.each([
    ['email_unverified', { emailVerifiedAt: null }],
    // Verified only after the report: at report time it was not.
    ['email_unverified', { emailVerifiedAt: new Date(reportedAt.getTime() + 1) }],
    ['account_too_young', { registeredAt: daysBefore(6.9), emailVerifiedAt: daysBefore(6) }],
    ['unknown_account', { registeredAt: null }],
    ['recent_dismissal', { dismissedAt: [daysBefore(29)] }],
    ['dismissed_on_item', { dismissedOnItem: true }],
  ] as const)('%s: not trusted', (reason, over) => {
    expect(distrust(trusted('r1', over), 'author', rule)).toBe(reason);
  });

  it("the age is judged at the report's time, and dismissals only inside the window before it count", () => {
    expect(
      distrust(trusted('r1', { registeredAt: daysBefore(7), emailVerifiedAt: daysBefore(7) }), 'author', rule),
    ).toBeNull();
    expect(distrust(trusted('r1', { dismissedAt: [daysBefore(31)] }), 'author', rule)).toBeNull();
    // A dismissal after the report does not change what that report weighed.
    expect(distrust(trusted('r1', { dismissedAt: [new Date(reportedAt.getTime() + DAY)] }), 'author', rule)).toBeNull();
  });

  it('a report about themselves never counts', () => {
    expect(distrust(trusted('author'), 'author', rule)).toBe('about_themselves');
  });

  it('counts distinct trusted reporters', () => {
    const reporters = [
      trusted('a'),
      trusted('a'),
      trusted('b'),
      trusted('c', { emailVerifiedAt: null }),
      trusted('author'),
    ];
    expect(trustedReporterCount(reporters, 'author', rule)).toBe(2);
  });

  it('a configured minimum age of 0 trusts a verified account of any age', () => {
    expect(
      distrust(trusted('r1', { registeredAt: reportedAt, emailVerifiedAt: reportedAt }), 'author', {
        ...rule,
        minAccountAgeDays: 0,
      }),
    ).toBeNull();
  });
});
