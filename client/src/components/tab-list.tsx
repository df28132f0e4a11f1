import { useId, useRef, type KeyboardEvent } from 'react';

interface TabListProps<T extends string> {
  tabs: readonly T[];
  current: T;
  onChange: (tab: T) => void;
  labelOf: (tab: T) => string;
  /** The accessible name of the tab list. */
  label: string;
  /** Id of the panel the tabs control. */
  panelId: string;
  className?: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between them (roving tabindex); the choice follows focus. */
export function TabList<T extends string>({ tabs, current, onChange, labelOf, label, panelId, className }: TabListProps<T>) {
  const id = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(tabs[next]!);
  };
  return (
    <div className={`tabs ${className ?? ''}`} role="tablist" aria-label={label}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${id}-${tab}`}
          className="tabs__tab"
          aria-selected={tab === current}
          aria-controls={panelId}
          tabIndex={tab === current ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => move(event, index)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}
