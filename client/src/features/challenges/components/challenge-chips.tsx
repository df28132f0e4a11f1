import type { Challenge } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

/** The settings a player plays a challenge under, as short chips: movement, time, rounds, privacy. */
export function ChallengeChips({ challenge }: { challenge: Pick<Challenge, 'nm' | 'nmpz' | 'rl' | 'bl' | 'nr' | 'ip' | 'mlte'> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const chips = [
    challenge.nmpz ? t('challenges.chip.nmpz') : challenge.nm ? t('challenges.chip.nm') : t('challenges.chip.move'),
    challenge.bl ? t('challenges.chip.blink', { time: format.seconds(challenge.rl * 1000) }) : challenge.rl > 0 ? t('challenges.chip.time', { time: format.seconds(challenge.rl * 1000) }) : t('challenges.chip.noLimit'),
    t('challenges.chip.rounds', { count: challenge.nr }),
    ...(challenge.ip ? [t('challenges.chip.private')] : []),
    ...(challenge.mlte > 0 ? [t('challenges.chip.level', { level: challenge.mlte })] : []),
  ];
  return (
    <ul className="challenge-chips" aria-label={t('challenges.settingsLabel')}>
      {chips.map((chip) => (
        <li key={chip} className="challenge-chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}
