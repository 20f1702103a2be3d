import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { SEARCH_DEBOUNCE_MS, type SearchFilter } from '@myworld/schemas';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { readSearchParams, searchParamsOf, type SearchInput } from '../lib/search-params.ts';

export interface SearchState {
  /** The box's text as typed. */
  text: string;
  setText: (text: string) => void;
  filter: SearchFilter;
  setFilter: (filter: SearchFilter) => void;
  /** What to search for: the typed query and filter once they have been still for 300 ms (an empty query at once). */
  settled: SearchInput;
  /** The typed query or filter has not settled yet. */
  pending: boolean;
}

/**
 * The search page's box and chips, searched 300 ms after the last keystroke or filter change; an
 * empty query clears the results at once. The settled search is kept in the address (?q=&filter=,
 * replacing, so typing adds no history) so results can be linked; an address changed from outside
 * (a link, the navigation's Search) is followed.
 */
export function useSearchState(): SearchState {
  const [params, setParams] = useSearchParams();
  const fromAddress = readSearchParams(params);
  const addressNow = searchParamsOf(fromAddress).toString();
  const [text, setText] = useState(fromAddress.q);
  const [filter, setFilter] = useState<SearchFilter>(fromAddress.filter);
  const typed = useMemo<SearchInput>(() => ({ q: text.trim(), filter }), [text, filter]);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const settled = typed.q === '' ? typed : debounced;
  const pending = settled !== typed;
  const settledAddress = searchParamsOf(settled).toString();
  /** The address this page last wrote or followed. */
  const known = useRef(addressNow);

  useEffect(() => {
    if (addressNow !== known.current) {
      known.current = addressNow;
      const next = readSearchParams(new URLSearchParams(addressNow));
      setText(next.q);
      setFilter(next.filter);
      return;
    }
    if (!pending && settledAddress !== known.current) {
      known.current = settledAddress;
      setParams(settledAddress, { replace: true });
    }
  }, [addressNow, settledAddress, pending, setParams]);

  return { text, setText, filter, setFilter, settled, pending };
}
