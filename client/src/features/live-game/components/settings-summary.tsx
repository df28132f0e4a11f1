import { isDuel, LIVE } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { StatList, type Stat } from '../../../components/stat-list';
import { useFormatters } from '../../../lib/format/use-formatters';
import type { GameModel } from '../hooks/use-game-view';

/** What the host chose: mode, rounds, time, options and limits. */
export function SettingsSummary({ model }: { model: GameModel }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { view } = model;
  const startHp = view.teams?.['0']?.s_hp ?? null;
  const stats: Stat[] = [
    { label: t('live.settings.mode'), value: t(`live.modes.${view.gameT}`), testId: 'setting-mode' },
    {
      label: t('live.settings.rounds'),
      value: isDuel(view.gameT) ? t('live.settings.untilKnockout') : format.number(view.nr),
      testId: 'setting-rounds',
    },
    {
      label: t('live.settings.roundTime'),
      value: view.bl ? t('live.settings.blink', { seconds: view.rl }) : view.rl < 0 ? t('live.noLimit') : t('units.s', { value: format.number(view.rl) }),
      testId: 'setting-round-time',
    },
    { label: t('live.settings.map'), value: view.mapName },
    ...(startHp !== null && model.hitPoints ? [{ label: t('live.settings.hitPoints'), value: format.number(startHp) }] : []),
    ...(view.mElo !== null ? [{ label: t('live.settings.minElo'), value: format.number(view.mElo), testId: 'setting-min-elo' }] : []),
    ...(view.gat ? [{ label: t('live.settings.gat'), value: t('live.settings.gatValue', { seconds: LIVE.gatWindowMs / 1000 }) }] : []),
    ...(view.sga ? [{ label: t('live.settings.sga'), value: t('live.settings.sgaValue') }] : []),
    ...(view.tag ? [{ label: t('live.settings.tag'), value: view.tag }] : []),
  ];
  return <StatList stats={stats} />;
}
