import type { LatLng, MatchAuditResponse } from '@globetrail/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';

type HistoryEvent = MatchAuditResponse['history'][number];
type Players = MatchAuditResponse['audit']['players'];

/** One step of the replay: an event and when it happened, in ms after the match was created. */
interface Step {
  at: number;
  type: string;
  data: Record<string, unknown>;
}

interface ReplayState {
  round: number | null;
  hp: Record<string, number>;
  guesses: Record<string, LatLng>;
  target: LatLng | null;
  log: string[];
  over: boolean;
}

export const REPLAY_SPEEDS = [1, 4, 16, 64] as const;
/** A gap in the match longer than this (nobody did anything) is shortened in the replay. */
const LONGEST_PAUSE_MS = 20_000;
const COLORS = ['#4cc9f0', '#f72585', '#ffd166', '#06d6a0'];

const isLatLng = (value: unknown): value is LatLng => typeof value === 'object' && value !== null && typeof (value as LatLng).lat === 'number' && typeof (value as LatLng).lng === 'number';

function toSteps(history: readonly HistoryEvent[]): Step[] {
  const first = history.length > 0 ? Date.parse(history[0]!.recordedAt) : 0;
  let shift = 0;
  let previous = 0;
  return history.map((event) => {
    const raw = Date.parse(event.recordedAt) - first;
    shift += Math.max(0, raw - previous - shift - LONGEST_PAUSE_MS);
    const at = Math.max(previous, raw - shift);
    previous = at;
    return { at, type: event.type, data: (event.data ?? {}) as Record<string, unknown> };
  });
}

/**
 * A finished ranked match played again in the browser from its events, at its own pace or faster: each
 * round's guesses as they came, then the target, the points and the damage, on a world plot and in a log
 * read out to screen readers.
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
  const colorOf = (id: string) => COLORS[Math.max(0, players.findIndex((player) => player.id === id)) % COLORS.length]!;

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
        <svg className="match-replay__map" viewBox="-180 -90 360 180" role="img" aria-label={t('audit.replay.mapLabel')} data-testid="replay-map">
          <rect x={-180} y={-90} width={360} height={180} className="match-replay__sea" />
          {[-150, -120, -90, -60, -30, 0, 30, 60, 90, 120, 150].map((lng) => (
            <line key={`m${lng}`} x1={lng} y1={-90} x2={lng} y2={90} className="match-replay__grid" />
          ))}
          {[-60, -30, 0, 30, 60].map((lat) => (
            <line key={`p${lat}`} x1={-180} y1={-lat} x2={180} y2={-lat} className="match-replay__grid" />
          ))}
          {state.target &&
            Object.entries(state.guesses).map(([id, at]) => <line key={`l${id}`} x1={at.lng} y1={-at.lat} x2={state.target!.lng} y2={-state.target!.lat} stroke={colorOf(id)} className="match-replay__line" />)}
          {Object.entries(state.guesses).map(([id, at]) => (
            <circle key={id} cx={at.lng} cy={-at.lat} r={3} fill={colorOf(id)} data-testid="replay-guess">
              <title>{nameOf(id)}</title>
            </circle>
          ))}
          {state.target && (
            <g data-testid="replay-target">
              <circle cx={state.target.lng} cy={-state.target.lat} r={4} className="match-replay__target" />
              <title>{t('audit.target')}</title>
            </g>
          )}
        </svg>
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
