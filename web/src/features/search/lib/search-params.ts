import { SEARCH_FILTERS, searchFilter, type SearchFilter } from '@myworld/schemas';

const FILTER_LABELS: Record<SearchFilter, string> = {
  all: 'All',
  videos: 'Videos',
  users: 'Users',
  posts: 'Posts',
  hashtags: 'Hashtags',
};

/** The search page's chips, in order: All, Videos, Users, Posts, Hashtags. */
export const FILTER_TABS: { id: SearchFilter; label: string }[] = SEARCH_FILTERS.map((id) => ({
  id,
  label: FILTER_LABELS[id],
}));

/** A settled search, as the page's address keeps it (?q=&filter=). */
export interface SearchInput {
  q: string;
  filter: SearchFilter;
}

/** Reads ?q= and ?filter= (an unknown filter reads as all). */
export function readSearchParams(params: URLSearchParams): SearchInput {
  const filter = searchFilter.safeParse(params.get('filter'));
  return { q: (params.get('q') ?? '').trim(), filter: filter.success ? filter.data : 'all' };
}

/** The address's query for a search: q when there is one, filter when it is not all. */
export function searchParamsOf({ q, filter }: SearchInput): URLSearchParams {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (filter !== 'all') params.set('filter', filter);
  return params;
}

/** The search page at a query (discover's search box goes there). */
export function searchHref(q: string): string {
  const query = searchParamsOf({ q: q.trim(), filter: 'all' }).toString();
  return query ? `/search?${query}` : '/search';
}
