import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapsTab, mapsTabs } from '../../../lib/layout/windows';

interface MapsTabsProps {
  current: MapsTab;
  onChange: (tab: MapsTab) => void;
  /** Ids of the panel each tab controls. */
  panelId: string;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between them (roving tabindex); the choice follows focus. */
export function MapsTabs({ current, onChange, panelId }: MapsTabsProps) {
  const { t } = useTranslation();
  const id = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = mapsTabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(mapsTabs[next]!);
  };
  return (
    <div className="tabs maps-tabs" role="tablist" aria-label={t('maps.tabsLabel')}>
      {mapsTabs.map((tab, index) => (
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
          {t(`maps.tab.${tab}`)}
        </button>
      ))}
    </div>
  );
}
