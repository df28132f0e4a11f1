import type { LatLng, MatchAuditResponse } from '@globetrail/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MapMarker, WorldMap } from '../../../components/world-map';
import { useFormatters } from '../../../lib/format/use-formatters';
import { nearestCopy } from '../../../lib/map/result-framing';
import { type HistoryEvent, toSteps } from '../lib/replay-steps';

type Players = MatchAuditResponse['audit']['players'];

interface ReplayState {
  round: number | null;
  hp: Record<string, number>;
  guesses: Record<string, LatLng>;
  target: LatLng | null;
  log: string[];
  over: boolean;
}

export const REPLAY_SPEEDS = [1, 4, 16, 64] as const;
const REPLAY_PADDING = { top: 48, right: 48, bottom: 48, left: 48 };
const isLatLng = (value: unknown): value is LatLng => typeof value === 'object' && value !== null && typeof (value as LatLng).lat === 'number' && typeof (value as LatLng).lng === 'number';

/**
 * A finished ranked match played again in the browser from its events, at its own pace or faster: each
 * round's guesses as they came, then the target, the points and the damage, on the game's own world map
 * (framed on the round once its target is known) and in a log read out to screen readers.
 */
export function MatchReplay({ history, players }: { history: readonly HistoryEvent[]; players: Players }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const steps = useMemo(() => toSteps(history), [history]);
  const [shown, setShown] = useState(0);
  const [clock, setClock] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof REPLAY_SPEEDS)[number]>(1);
  const nameOf = (id: unknown) => players.find((player) => player.id === id)?.name ?? String(id);
  const sideNames = (team: unknown) => players.filter((player) => player.team === team).map((player) => player.name).join(', ');

  useEffect(() => {
    if (!playing) return;
    if (shown >= steps.length) {
      setPlaying(false);
      return;
    }
    const next = steps[shown]!;
    const timer = setTimeout(() => {
      setClock(next.at);
      setShown(shown + 1);
    }, Math.max(0, (next.at - clock) / speed));
    return () => clearTimeout(timer);
  }, [playing, shown, steps, clock, speed]);

  const state = useMemo(() => {
    const replay: ReplayState = { round: null, hp: {}, guesses: {}, target: null, log: [], over: false };
    for (const { type, data } of steps.slice(0, shown)) {
      switch (type) {
        case 'GameCreated': {
          const hp = (data.settings as { s_hp?: number } | undefined)?.s_hp ?? 0;
          replay.hp = { '0': hp, '1': hp };
          replay.log.push(t('audit.replay.created'));
          break;
        }
        case 'PlayerJoined':
          replay.log.push(t('audit.replay.joined', { name: nameOf(data.playerId) }));
          break;
        case 'RoundStarting':
          replay.round = Number(data.roundIndex);
          replay.guesses = {};
          replay.target = null;
          replay.log.push(t('audit.replay.roundStarts', { round: replay.round + 1 }));
          break;
        case 'GuessPlaced':
          if (isLatLng(data.loc)) replay.guesses = { ...replay.guesses, [String(data.playerId)]: data.loc };
          if (data.isF === true) replay.log.push(t('audit.replay.guessed', { name: nameOf(data.playerId) }));
          break;
        case 'RoundEnded': {
          replay.target = isLatLng(data.target) ? data.target : null;
          const results = (data.results ?? {}) as Record<string, { loc: LatLng | null; points: number; distance: number | null }>;
          for (const [id, result] of Object.entries(results)) if (result.loc) replay.guesses[id] = result.loc;
          const summary = Object.entries(results)
            .map(([id, result]) => t('audit.replay.result', { name: nameOf(id), points: format.number(result.points), distance: result.distance === null ? '—' : format.distance(result.distance) }))
            .join(' · ');
          replay.log.push(t('audit.replay.roundEnded', { round: Number(data.roundIndex) + 1, results: summary }));
          const damage = data.damage as { team: string; amount: number } | null;
          if (data.hp) replay.hp = data.hp as Record<string, number>;
          if (damage) replay.log.push(t('audit.replay.damage', { names: sideNames(damage.team), amount: format.number(damage.amount), hp: format.number(replay.hp[damage.team] ?? 0) }));
          break;
        }
        case 'GameEnded': {
          replay.over = true;
          const winner = data.winnerTeam;
          replay.log.push(winner === null || winner === undefined ? t('audit.replay.draw') : t('audit.replay.won', { names: sideNames(winner) }));
          break;
        }
        case 'GameAbandoned':
          replay.over = true;
          replay.log.push(t('audit.replay.abandoned'));
          break;
      }
    }
    return replay;
    // nameOf and sideNames read only `players`.
  }, [steps, shown, t, format, players]);

  const total = steps.at(-1)?.at ?? 0;
  const restart = () => {
    setShown(0);
    setClock(0);
    setPlaying(true);
  };
  const toEnd = () => {
    setPlaying(false);
    setShown(steps.length);
    setClock(total);
  };
  // Tone 0 is a player's own guess in the game; here nobody is "you", so players take tones 1, 2, …
  const toneOf = (id: string) => 1 + Math.max(0, players.findIndex((player) => player.id === id));
  const guesses = Object.entries(state.guesses);
  const markers: MapMarker[] = guesses.map(([id, at]) => ({ id: `guess-${id}`, kind: 'player', position: at, label: t('live.markerOf', { name: nameOf(id) }), caption: nameOf(id), tone: toneOf(id) }));
  if (state.target) markers.push({ id: 'target', kind: 'target', position: state.target, label: t('audit.target') });
  const lines = state.target ? guesses.map(([, at]) => [at, nearestCopy(state.target!, at)] as const) : [];
  const fitTo = state.target ? [state.target, ...guesses.map(([, at]) => at)] : null;

  return (
    <section className="audit-card match-replay" aria-labelledby="replay-title" data-testid="match-replay">
      <h2 id="replay-title">{t('audit.replay.title')}</h2>
      <p className="muted">{t('audit.replay.intro')}</p>
      <div className="match-replay__controls">
        {playing ? (
          <button type="button" className="button" onClick={() => setPlaying(false)} data-testid="replay-pause">
            {t('audit.replay.pause')}
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => (shown >= steps.length ? restart() : setPlaying(true))} data-testid="replay-play">
            {shown >= steps.length ? t('audit.replay.again') : shown === 0 ? t('audit.replay.play') : t('audit.replay.resume')}
          </button>
        )}
        <label className="match-replay__speed">
          {t('audit.replay.speed')}
          <select value={speed} onChange={(event) => setSpeed(Number(event.target.value) as (typeof REPLAY_SPEEDS)[number])} data-testid="replay-speed">
            {REPLAY_SPEEDS.map((value) => (
              <option key={value} value={value}>
                {value === 1 ? t('audit.replay.originalPace') : `${value}×`}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" onClick={toEnd} disabled={shown >= steps.length}>
          {t('audit.replay.toEnd')}
        </button>
        <span className="match-replay__clock" data-testid="replay-clock">
          {format.seconds(clock)} / {format.seconds(total)}
        </span>
      </div>
      <div className="match-replay__stage">
        <div className="match-replay__map" data-testid="replay-map">
          <WorldMap label={t('audit.replay.mapLabel')} markers={markers} lines={lines} fitTo={fitTo} fitPadding={REPLAY_PADDING} showMapTypeButton />
        </div>
        <div className="match-replay__side">
          <p className="match-replay__round">{state.round === null ? t('audit.replay.notStarted') : t('audit.replay.round', { round: state.round + 1 })}</p>
          <ul className="match-replay__hp" aria-label={t('audit.hp')}>
            {Object.entries(state.hp).map(([team, hp]) => (
              <li key={team} data-testid={`replay-hp-${team}`}>
                <span>{sideNames(team) || t('audit.side', { side: team })}</span> <strong>{format.number(hp)}</strong>
              </li>
            ))}
          </ul>
          <ol className="match-replay__log" aria-live="polite" data-testid="replay-log">
            {state.log.slice(-8).map((line, i) => (
              <li key={`${state.log.length - 8 + i}`}>{line}</li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
