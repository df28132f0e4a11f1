import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useFormatters } from '../lib/format/use-formatters';
import { useMediaQuery, WIDE_QUERY } from '../lib/hooks/use-media-query';
import { useCounters } from '../lib/live/use-counters';

/**
 * SPEC §2 toolbar: play duels (the duels lobby) and play Elo arena, each with a badge of how many
 * players are there now. (The daily-challenges button joins them when daily challenges exist.)
 */
export function ToolbarLinks() {
  const { t } = useTranslation();
  const format = useFormatters();
  const wide = useMediaQuery(WIDE_QUERY);
  const counters = useCounters().data;

  const link = (to: string, label: string, mode: string, count: number | undefined, icon: ReactNode, testId: string) => {
    const tooltip = count === undefined ? label : t('toolbar.playersIn', { count, mode });
    return (
      <NavLink
        to={to}
        className={({ isActive }) => `toolbar-button ${wide ? '' : 'toolbar-button--icon'} ${isActive ? 'toolbar-button--active' : ''}`}
        aria-label={label}
        aria-describedby={count === undefined ? undefined : `${testId}-count`}
        title={tooltip}
        data-testid={testId}
      >
        {icon}
        {wide && <span>{label}</span>}
        {count !== undefined && (
          <span id={`${testId}-count`} className="toolbar-badge" data-testid={`${testId}-count`} data-count={count}>
            <span aria-hidden="true">{format.count(count)}</span>
            <span className="visually-hidden">{tooltip}</span>
          </span>
        )}
      </NavLink>
    );
  };

  return (
    <>
      {link('/game/lobby', t('toolbar.duels'), t('live.modes.B'), counters?.lobby, <DuelIcon />, 'toolbar-duels')}
      {link('/game/arena', t('toolbar.arena'), t('live.modes.L'), counters?.arena, <ArenaIcon />, 'toolbar-arena')}
      {/* Daily challenges (SPEC §2) go here once they exist: badge = new daily challenges not done. */}
    </>
  );
}

function DuelIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="m6.9 3 6 6-1.4 1.4L5 3.9V3h1.9ZM3 17.6l6.3-6.3 1.4 1.4-2.4 2.4 2.1 2.1-1.4 1.4-2.1-2.1-1.4 1.4.7.7L4.8 20 2 17.2l1.4-1.4.7.7Zm14.1-14.6H21v.9l-9.1 9.1 2.1 2.1 2.4-2.4 1.4 1.4-1.4 1.4 2.1 2.1 1.4-1.4.7.7-1.4 1.4-2.8 2.8-1.4-1.4 1.4-1.4-2.1-2.1-2.4 2.4-1.4-1.4L17.1 3Z" />
    </svg>
  );
}

function ArenaIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm0 4.2 1.5 3.1 3.4.5-2.5 2.4.6 3.4-3-1.6-3 1.6.6-3.4-2.5-2.4 3.4-.5L12 6.2Z" />
    </svg>
  );
}
