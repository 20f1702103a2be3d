import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { linkNoticeFor } from '../lib/link-notices.ts';

/**
 * On "/", shows the toast an email link's redirect asked for, then clears the query string back
 * to "/" (so a reload does not repeat it). Used by both the landing page and home, because a
 * verification link is often opened while signed in.
 */
export function useLinkNotices(): void {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const notice = linkNoticeFor(search);
    if (!notice) return;
    toast(notice);
    navigate('/', { replace: true });
  }, [search, navigate]);
}
