/**
 * Whose reports may hide content by themselves (auto-hide). Pure: it judges facts the read models
 * hold, each timed by the events that made them, against the time of the report, so the same log
 * always gives the same answer (and the rule can move into a reactor as it is).
 */

/** The configured rule (REPORT_TRUST_MIN_ACCOUNT_AGE_DAYS, REPORT_TRUST_DISMISSAL_WINDOW_DAYS). */
export interface TrustRule {
  readonly minAccountAgeDays: number;
  /** "Recent" dismissals: those at most this many days before the report. */
  readonly dismissalWindowDays: number;
}

/** One reporter's report on the item, with what is known of the reporter. */
export interface ReporterFacts {
  readonly reporterId: string;
  /** Their first report on the item that still counts (after the item was last shown again). */
  readonly reportedAt: Date;
  /** From UserRegistered; null when the read model has no such account (deleted, unknown). */
  readonly registeredAt: Date | null;
  /** From EmailVerified / EmailChanged; null while unverified. */
  readonly emailVerifiedAt: Date | null;
  /** When moderators dismissed reports of theirs (on any item). */
  readonly dismissedAt: readonly Date[];
  /** A moderator dismissed one of their reports on THIS item: they never count for it again. */
  readonly dismissedOnItem: boolean;
}

const DAY_MS = 86_400_000;

/** Why a report does not count (null: it does). */
export type Distrust =
  | 'about_themselves'
  | 'unknown_account'
  | 'email_unverified'
  | 'account_too_young'
  | 'recent_dismissal'
  | 'dismissed_on_item';

export function distrust(facts: ReporterFacts, authorId: string, rule: TrustRule): Distrust | null {
  const at = facts.reportedAt.getTime();
  if (facts.reporterId === authorId) return 'about_themselves';
  if (facts.dismissedOnItem) return 'dismissed_on_item';
  if (!facts.registeredAt) return 'unknown_account';
  if (!facts.emailVerifiedAt || facts.emailVerifiedAt.getTime() > at) return 'email_unverified';
  if (at - facts.registeredAt.getTime() < rule.minAccountAgeDays * DAY_MS) return 'account_too_young';
  const since = at - rule.dismissalWindowDays * DAY_MS;
  if (facts.dismissedAt.some((d) => d.getTime() >= since && d.getTime() <= at)) return 'recent_dismissal';
  return null;
}

/** How many distinct reporters of an item (by `authorId`) are trusted: the count auto-hide weighs. */
export function trustedReporterCount(reporters: readonly ReporterFacts[], authorId: string, rule: TrustRule): number {
  return new Set(reporters.filter((r) => distrust(r, authorId, rule) === null).map((r) => r.reporterId)).size;
}
