import { sql, type QueryCreator } from 'kysely';
import {
  REPORT_REASONS,
  REPORT_STATUSES,
  type ReportFigures,
  type ReportStats,
  type ReportStatsBucket,
} from '@myworld/schemas';
import type { ReportsDb } from './reports.projection.ts';

type Db = QueryCreator<ReportsDb>;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC start of the day or week (Monday) `at` falls in. */
function bucketStart(at: Date, bucket: ReportStatsBucket): Date {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (bucket === 'day') return new Date(day);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return new Date(day - weekday * DAY_MS);
}

const nextBucket = (start: Date, bucket: ReportStatsBucket) =>
  new Date(start.getTime() + (bucket === 'day' ? DAY_MS : 7 * DAY_MS));

const empty = (): ReportFigures => ({
  filed: 0,
  byReason: Object.fromEntries(REPORT_REASONS.map((r) => [r, 0])) as ReportFigures['byReason'],
  byStatus: Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as ReportFigures['byStatus'],
  closed: 0,
  medianResolutionSeconds: null,
});

/**
 * The moderation queue's figures for reports in [from, to): filed per bucket by reason and by
 * current status (bucketed by filing time), and the median time from filing to resolution or
 * dismissal (bucketed by closing time: a closed report's updated_at, final once closed), per
 * bucket and over the whole window. Every bucket from the one `from` falls in is listed.
 */
export async function reportStats(
  db: Db,
  { from, to, bucket }: { from: Date; to: Date; bucket: ReportStatsBucket },
): Promise<Omit<ReportStats, 'from' | 'to' | 'bucket'>> {
  const unit = sql.lit(bucket);
  const bucketOf = (column: 'created_at' | 'updated_at') =>
    sql<Date>`date_trunc(${unit}, ${sql.ref(column)} at time zone 'UTC') at time zone 'UTC'`;
  const seconds = sql<number>`percentile_cont(0.5) within group (order by extract(epoch from updated_at - created_at))`;
  const closedBucket = bucketOf('updated_at');

  const [filed, closed] = await Promise.all([
    db
      .selectFrom('reports')
      .select([bucketOf('created_at').as('start'), 'reason', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy([sql`1`, 'reason', 'status'])
      .execute(),
    // Per bucket and over the whole window in one pass over the closed reports: the empty grouping
    // set is the window's row (grouping() = 1), there even when none closed, as an ungrouped count is.
    db
      .selectFrom('reports')
      .select([
        closedBucket.as('start'),
        (eb) => eb.fn.countAll<string>().as('n'),
        seconds.as('median'),
        sql<number>`grouping(${closedBucket})`.as('overall'),
      ])
      .where('status', 'in', ['resolved', 'dismissed'])
      .where('updated_at', '>=', from)
      .where('updated_at', '<', to)
      .groupBy(sql`grouping sets ((${closedBucket}), ())`)
      .execute(),
  ]);

  const buckets = new Map<number, ReportFigures & { start: string }>();
  for (let start = bucketStart(from, bucket); start < to; start = nextBucket(start, bucket))
    buckets.set(start.getTime(), { start: start.toISOString(), ...empty() });
  const overall = empty();
  for (const row of filed) {
    const n = Number(row.n);
    for (const figures of [buckets.get(new Date(row.start).getTime()), overall]) {
      if (!figures) continue;
      figures.filed += n;
      figures.byReason[row.reason] += n;
      figures.byStatus[row.status] += n;
    }
  }
  for (const row of closed) {
    const figures = row.overall === 1 ? overall : buckets.get(new Date(row.start).getTime());
    if (figures)
      Object.assign(figures, {
        closed: Number(row.n),
        medianResolutionSeconds: row.median === null ? null : Number(row.median),
      });
  }
  return { buckets: [...buckets.values()], overall };
}
