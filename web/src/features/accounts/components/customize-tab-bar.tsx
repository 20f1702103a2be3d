/** The modal's tabs. "gradients" and "background" exist but no button leads to them. */
export type CustomizeTab = 'profile' | 'bio' | 'photos' | 'gradients' | 'background';

const REACHABLE: { id: CustomizeTab; label: string }[] = [
  { id: 'profile', label: 'Profile' },
  { id: 'bio', label: 'Bio' },
  { id: 'photos', label: 'Photos' },
];

/** Whether a tab has a button (the others are reached only by opening the modal on them). */
export const isReachable = (tab: CustomizeTab) => REACHABLE.some((t) => t.id === tab);

export const tabId = (tab: CustomizeTab) => `customize-tab-${tab}`;
export const panelId = (tab: CustomizeTab) => `customize-panel-${tab}`;

/** Profile, Bio and Photos. */
export function CustomizeTabBar({ tab, onChange }: { tab: CustomizeTab; onChange: (tab: CustomizeTab) => void }) {
  return (
    <div className="customize-tabs" role="tablist" aria-label="Customize">
      {REACHABLE.map((t) => (
        <button
          key={t.id}
          id={tabId(t.id)}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          aria-controls={panelId(t.id)}
          className={`customize-tabs__tab ${tab === t.id ? 'is-active' : ''}`}
          data-testid={tabId(t.id)}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
