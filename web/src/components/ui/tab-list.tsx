/** One tab of a TabList. */
export interface Tab<T extends string> {
  readonly id: T;
  readonly label: string;
}

interface TabListProps<T extends string> {
  /** What the tabs choose between, for assistive technology. */
  label: string;
  tabs: readonly Tab<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The list's class, and each tab's (the chosen one also gets `is-active`). */
  className: string;
  tabClassName: string;
  /** Each tab's data-testid. */
  testId: (id: T) => string;
}

/** A row of tabs (role tablist): the one chosen is aria-selected and `is-active`. */
export function TabList<T extends string>({
  label,
  tabs,
  value,
  onChange,
  className,
  tabClassName,
  testId,
}: TabListProps<T>) {
  return (
    <div className={className} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          aria-selected={value === t.id}
          className={`${tabClassName} ${value === t.id ? 'is-active' : ''}`}
          data-testid={testId(t.id)}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
