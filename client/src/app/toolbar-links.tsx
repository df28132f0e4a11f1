import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useFormatters } from '../lib/format/use-formatters';
import { useMediaQuery, WIDE_QUERY } from '../lib/hooks/use-media-query';
import { useCounters } from '../lib/live/use-counters';
import { useOpenWindow, useWindowActions } from '../lib/layout/windows';
import { isSignedIn, useSession } from '../lib/session/use-session';
import { dailySeenToday } from '../lib/storage/daily-dates';
import { useDailyChallenges } from '../features/challenges/hooks/use-daily-challenges';

/**
 * SPEC §2 toolbar: play duels (the duels lobby) and play Elo arena, each with a badge of how many
 * players are there now, and the daily challenges with a badge of the new ones not done.
 */
export function ToolbarLinks() {
  const { t } = useTranslation();
  const format = useFormatters();
  const wide = useMediaQuery(WIDE_QUERY);
  const counters = useCounters().data;

  const link = (to: string, label: string, mode: string, count: number | undefined, icon: ReactNode, testId: string) => {
    const tooltip = count === undefined ? label : t('toolbar.playersIn', { count, mode });
    return (
      <>
        <NavLink
          to={to}
          className={({ isActive }) => `toolbar-button ${wide ? '' : 'toolbar-button--icon'} ${isActive ? 'toolbar-button--active' : ''}`}
          aria-label={label}
          aria-describedby={count === undefined ? undefined : `${testId}-count-text`}
          title={tooltip}
          data-testid={testId}
        >
          {icon}
          {wide && <span>{label}</span>}
          {count !== undefined && <Badge id={`${testId}-count`} count={count} text={format.count(count)} />}
        </NavLink>
        {/* The badge's meaning, read as the link's description (its name stays the visible label). */}
        {count !== undefined && (
          <span id={`${testId}-count-text`} hidden>
            {tooltip}
          </span>
        )}
      </>
    );
  };

  return (
    <>
      {link('/game/lobby', t('toolbar.duels'), t('live.modes.B'), counters?.lobby, <DuelIcon />, 'toolbar-duels')}
      {link('/game/arena', t('toolbar.arena'), t('live.modes.L'), counters?.arena, <ArenaIcon />, 'toolbar-arena')}
      <DailyButton wide={wide} />
    </>
  );
}

/**
 * SPEC §9: "daily challenges count set to 4 when not yet seen today"; once seen, the count is today's
 * dailies a signed-in player has not completed (guests cannot play them, so none).
 */
function DailyButton({ wide }: { wide: boolean }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { open } = useWindowActions();
  useOpenWindow(); // Re-read "seen today" when a window closes.
  const signedIn = isSignedIn(useSession());
  // Guests cannot play the dailies, so their badge needs no list.
  const daily = useDailyChallenges(signedIn);
  const notDone = daily.data?.challenges.filter((challenge) => challenge.played === null || challenge.played < challenge.nr).length ?? 0;
  const count = !dailySeenToday() ? 4 : signedIn ? notDone : 0;
  const label = t('toolbar.daily');
  const tooltip = count > 0 ? t('toolbar.dailyNew', { count }) : label;
  return (
    <>
      <button
        type="button"
        className={`toolbar-button ${wide ? '' : 'toolbar-button--icon'}`}
        aria-label={label}
        aria-describedby={count > 0 ? 'toolbar-daily-count-text' : undefined}
        title={tooltip}
        data-testid="toolbar-daily"
        onClick={() => open({ kind: 'challenges', tab: 'daily' })}
      >
        <CalendarIcon />
        {wide && <span>{label}</span>}
        {count > 0 && <Badge id="toolbar-daily-count" count={count} text={format.count(count)} />}
      </button>
      {count > 0 && (
        <span id="toolbar-daily-count-text" hidden>
          {tooltip}
        </span>
      )}
    </>
  );
}

/**
 * The count on a toolbar button, drawn by CSS from `data-text`: the button's name stays its visible label
 * (WCAG 2.5.3) and the count's meaning is its description, so the number is not read twice.
 */
function Badge({ id, count, text }: { id: string; count: number; text: string }) {
  return <span id={id} className="toolbar-badge" data-testid={id} data-count={count} data-text={text} aria-hidden="true" />;
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path fill="currentColor" d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM9 12v2H7v-2h2Zm4 0v2h-2v-2h2Zm4 0v2h-2v-2h2Z" />
    </svg>
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
