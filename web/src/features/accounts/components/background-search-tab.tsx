import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isObjectPath } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { backgroundSearchQueryOptions, useBackgroundCategories } from '../api/background-search.ts';
import { PROFILE_MESSAGES } from '@myworld/schemas';
import { ProfileImageUploader } from './profile-image-uploader.tsx';

/** A result's thumbnail is shown only from our own objects or over https. */
const showable = (url: string) => isObjectPath(url) || url.startsWith('https://');

interface BackgroundSearchTabProps {
  onChoose: (url: string) => void;
  onUploaded: (file: { uploadURL: string }) => void | Promise<void>;
}

/**
 * Search photos by text or by one of the server's categories, pick one as the background, or
 * upload your own (a tab no button reaches). Blank text is never searched.
 */
export function BackgroundSearchTab({ onChoose, onUploaded }: BackgroundSearchTabProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const categories = useBackgroundCategories();
  const search = useQuery(backgroundSearchQueryOptions(query));

  useEffect(() => {
    if (search.isError)
      toast({
        title: PROFILE_MESSAGES.searchFailedTitle,
        description: PROFILE_MESSAGES.searchFailed,
        variant: 'destructive',
      });
  }, [search.isError, search.errorUpdatedAt]);

  function run(value: string) {
    const next = value.trim();
    if (!next) return;
    if (next === query) void search.refetch();
    else setQuery(next);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    run(text);
  }

  return (
    <div className="customize-sections">
      <form className="background-search" role="search" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="visually-hidden">
          Search backgrounds
        </label>
        <input
          id={inputId}
          className="input"
          type="search"
          value={text}
          placeholder="Search backgrounds"
          data-testid="background-search-input"
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn--secondary"
          disabled={!text.trim()}
          data-testid="background-search-button"
        >
          Search
        </button>
      </form>
      {categories.data && categories.data.length > 0 && (
        <div className="customize-chips" role="group" aria-label="Background categories">
          {categories.data.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-pressed={query === c.query.trim()}
              className={`customize-chip ${query === c.query.trim() ? 'is-active' : ''}`}
              data-testid={`background-category-${c.id}`}
              onClick={() => {
                setText(c.query);
                run(c.query);
              }}
            >
              {c.name}
            </button>
          ))}
        </div>
      )}
      {search.isFetching && <p className="muted">Searching...</p>}
      {search.data && search.data.length === 0 && <p className="muted">No backgrounds found.</p>}
      <div className="search-results" data-testid="background-results">
        {search.data?.map((result) => (
          <button
            key={result.id}
            type="button"
            className="search-result"
            data-testid={`background-result-${result.id}`}
            onClick={() => onChoose(result.url)}
          >
            {showable(result.thumb) && <img src={result.thumb} alt={result.description} loading="lazy" />}
            <span className="search-result__credit">{result.photographer}</span>
          </button>
        ))}
      </div>
      <ProfileImageUploader kind="background-tab" onUploaded={onUploaded} />
    </div>
  );
}
