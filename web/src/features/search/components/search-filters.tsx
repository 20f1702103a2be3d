import type { SearchFilter } from '@myworld/schemas';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { FILTER_TABS } from '../lib/search-params.ts';

/** The chips All, Videos, Users, Posts, Hashtags: what kind of result to search for. */
export function SearchFilters({ value, onChange }: { value: SearchFilter; onChange: (filter: SearchFilter) => void }) {
  return (
    <TabList
      label="Search filters"
      tabs={FILTER_TABS}
      value={value}
      onChange={onChange}
      className="chips"
      tabClassName="chip"
      testId={(id) => `search-filter-${id}`}
    />
  );
}
