import type { FormEvent } from 'react';
import { SEARCH_QUERY_MAX } from '@myworld/schemas';
import { SearchIcon } from '../../../components/ui/icons.tsx';

interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter in the box (discover goes to the search page); the search page searches as one types. */
  onSubmit?: () => void;
  autoFocus?: boolean;
}

/** The search field: a labelled search input in a search landmark. */
export function SearchBox({ value, onChange, onSubmit, autoFocus }: SearchBoxProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit?.();
  };
  return (
    <form role="search" className="search-box" onSubmit={submit}>
      <label htmlFor="search-box-input" className="visually-hidden">
        Search
      </label>
      <span className="search-box__icon">
        <SearchIcon />
      </span>
      <input
        id="search-box-input"
        type="search"
        className="input search-box__input"
        placeholder="Search videos, users, #hashtags"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={SEARCH_QUERY_MAX}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        data-testid="search-input"
      />
    </form>
  );
}
