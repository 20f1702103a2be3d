import { useLinkNotices } from '../hooks/use-link-notices.ts';

/** The toast an emailed link's redirect asked for; shown on "/" by the landing and home pages. */
export function EmailLinkNotices() {
  useLinkNotices();
  return null;
}
