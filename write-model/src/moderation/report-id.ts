import { uuidV5 } from '../commands/deterministic-id.ts';

/** Namespace of report ids (a fixed random UUID). */
const REPORT_NAMESPACE = 'c4a7d0e2-5b19-4f63-8e2a-91d3b6f07c58';

/**
 * The id of a reporter's `generation`-th report on one content item (0 for the first).
 *
 * Why derived, not random: "one open report per reporter per content item" then needs no read
 * model and no lock. Two concurrent reports of the same item by the same user compute the same
 * id, so both append to the same `report-{id}` stream and the event store's expected-version check
 * lets exactly one ReportFiled in; the other reloads, sees it and answers 409. A closed (resolved
 * or dismissed) report moves the reporter on to the next generation, so they may report the item
 * again later. The id reveals nothing: it is a hash.
 */
export function reportIdFor(reporterId: string, contentType: string, contentId: string, generation: number): string {
  return uuidV5(`${reporterId}\u0000${contentType}\u0000${contentId}\u0000${generation}`, REPORT_NAMESPACE);
}
