import type { TeamId } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { useMediaQuery, WIDE_QUERY } from '../../../lib/hooks/use-media-query';
import { useAnimatedNumber } from '../hooks/use-animated-number';
import { otherTeam, teamMembers, type GameModel } from '../hooks/use-game-view';
import { useTeamLabel } from '../hooks/use-team-label';
import { PlayerAvatar } from './player-avatar';

/** SPEC §9: hit-point changes animate over 2 s. */
const HP_ANIMATION_MS = 2_000;
/** SPEC §2: at most 10 avatars on wide screens, 5 on narrow ones, then "+N". */
const MAX_AVATARS_WIDE = 10;
const MAX_AVATARS_NARROW = 5;

/** SPEC §2 team health panels: the viewer's side on the left, the other side on the right. */
export function TeamHealthPanels({ model }: { model: GameModel }) {
  const mine: TeamId = model.myTeam ?? '0';
  return (
    <>
      <TeamHealthPanel model={model} team={mine} side="left" />
      <TeamHealthPanel model={model} team={otherTeam(mine)} side="right" />
    </>
  );
}

function TeamHealthPanel({ model, team, side }: { model: GameModel; team: TeamId; side: 'left' | 'right' }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const wide = useMediaQuery(WIDE_QUERY);
  const teamLabel = useTeamLabel(model);
  const data = model.view.teams?.[team];
  // On entering STARTED the bar shows the current hit points at once; changes after that animate.
  const resetKey = model.view.status === 'SED' ? `round-${model.view.cr}` : null;
  const shown = useAnimatedNumber(Math.max(0, data?.hp ?? 0), HP_ANIMATION_MS, resetKey);
  if (!data) return null;

  const hp = Math.max(0, data.hp);
  const percent = data.s_hp > 0 ? Math.max(0, Math.min(100, (shown / data.s_hp) * 100)) : 0;
  const members = teamMembers(model, team);
  const limit = wide ? MAX_AVATARS_WIDE : MAX_AVATARS_NARROW;
  const visible = members.slice(0, limit);
  const surplus = members.length - visible.length;
  const label = teamLabel(team);

  return (
    <section className={`team-health team-health--${side} ${team === model.myTeam ? 'team-health--mine' : ''}`} aria-label={t('live.health.label', { team: label })} data-testid={`team-health-${side}`} data-team={team} data-hp={hp}>
      <p className="team-health__name">{label}</p>
      <div className="team-health__row">
        <span className="team-health__heart" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <path fill="currentColor" d="M12 21s-7.5-4.6-10-9.3C.4 8.4 2.3 4.5 6 4.5c2.2 0 3.6 1.2 4.5 2.5h3c.9-1.3 2.3-2.5 4.5-2.5 3.7 0 5.6 3.9 4 7.2C19.5 16.4 12 21 12 21Z" />
          </svg>
        </span>
        <span className="team-health__hp" data-testid="team-hp">
          {format.number(Math.round(shown))}
        </span>
        <div
          className="team-health__bar"
          role="meter"
          aria-valuemin={0}
          aria-valuemax={data.s_hp}
          aria-valuenow={hp}
          aria-valuetext={t('live.health.value', { hp: format.number(hp), max: format.number(data.s_hp) })}
          aria-label={t('live.health.bar', { team: label })}
        >
          <div className="team-health__fill" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ul className="team-health__avatars" aria-label={t('live.health.players', { team: label })}>
        {visible.map((member) => (
          <li key={member.id}>
            <PlayerAvatar id={member.id} name={member.name} anonymous={member.isA} />
          </li>
        ))}
        {surplus > 0 && (
          <li className="team-health__surplus" aria-label={t('live.health.more', { count: surplus })}>
            +{format.number(surplus)}
          </li>
        )}
      </ul>
    </section>
  );
}
