import type { TeamId } from '@globetrail/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { teamMembers, type GameModel } from './use-game-view';

/** A side's name: "Team 1" / "Team 2" in team guesser, the player's own name in a duel. */
export function useTeamLabel(model: GameModel): (team: TeamId) => string {
  const { t } = useTranslation();
  return useCallback(
    (team: TeamId) => {
      const mine = team === model.myTeam;
      if (model.view.gameT === 'T') return mine ? t('live.teams.mine', { name: t(`live.teams.${team}`) }) : t(`live.teams.${team}`);
      const names = teamMembers(model, team).map((member) => member.name.trim() || t('live.anonymous'));
      const label = names.length > 0 ? names.join(', ') : t(`live.teams.${team}`);
      // Guests often share a name ("Anonymous"): the viewer's own side says so.
      return mine ? t('live.teams.mine', { name: label }) : label;
    },
    [model, t],
  );
}
