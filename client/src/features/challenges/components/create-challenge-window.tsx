import { CHALLENGE_LIMITS, type Movement } from '@globetrail/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { MovementField, movementSettings, RoundTimeField } from '../../../components/round-settings-fields';
import { isApiRequestError } from '../../../lib/api/api-error';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { PRESET_WORLD_MAP_IDS, useMapName } from '../../../lib/maps/map-names';
import { readDefaultMap } from '../../../lib/storage/default-map';
import { createChallenge } from '../api/challenges-api';
import { invalidateChallenges } from '../hooks/challenge-queries';
import { useNavigate } from '../../../lib/routing/navigation';

/** A `datetime-local` value as Unix seconds (the player's own time zone), or null when empty. */
const unixSeconds = (value: string) => (value ? Math.floor(new Date(value).getTime() / 1000) : null);

/**
 * The create-challenge form (SPEC §3's creation payload): title, description, map, rounds, time, movement,
 * the ask-for-guess window, street names, privacy, a minimum level, start and end, and the scoring radii.
 */
export function CreateChallengeWindow({ map, onClose }: { map: { mapId: string; mapName: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nameOf = useMapName();
  const id = useId();
  const chosen = map ?? readDefaultMap();
  const mapChoices = [
    ...(chosen && !(PRESET_WORLD_MAP_IDS as readonly string[]).includes(chosen.mapId) ? [chosen] : []),
    ...PRESET_WORLD_MAP_IDS.map((mapId) => ({ mapId, mapName: nameOf({ mapId, mapName: mapId, official: true }) })),
  ];
  const [mapId, setMapId] = useState(chosen?.mapId ?? 'world');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [rounds, setRounds] = useState(String(CHALLENGE_LIMITS.defaultRounds));
  const [roundTime, setRoundTime] = useState(-1);
  const [movement, setMovement] = useState<Movement>('move');
  const [gat, setGat] = useState(true);
  const [hsn, setHsn] = useState(true);
  const [isPrivate, setIsPrivate] = useState(false);
  const [minLevel, setMinLevel] = useState('0');
  const [starts, setStarts] = useState('');
  const [ends, setEnds] = useState('');
  const [fullRadius, setFullRadius] = useState('0');
  const [zeroRadius, setZeroRadius] = useState('');

  const create = useMutation({
    mutationFn: createChallenge,
    onSuccess: (challenge) => {
      void invalidateChallenges(queryClient);
      onClose();
      navigate(`/challenge/${encodeURIComponent(challenge.id)}`);
    },
  });

  const roundCount = Number(rounds);
  const problems: Record<string, string> = {};
  if (!title.trim()) problems.t = t('challenges.form.titleNeeded');
  if (!Number.isInteger(roundCount) || roundCount < 1 || roundCount > CHALLENGE_LIMITS.maxRounds) problems.nr = t('challenges.form.roundsHint', { max: CHALLENGE_LIMITS.maxRounds });
  if (starts && ends && unixSeconds(ends)! <= unixSeconds(starts)!) problems.ed = t('challenges.form.endAfterStart');
  const serverField = create.isError && isApiRequestError(create.error) ? create.error.field : undefined;
  const fieldError = (field: string) => problems[field] ?? (serverField === field ? errorMessage(create.error) : undefined);
  const [submitted, setSubmitted] = useState(false);
  const shown = (field: string) => (submitted || serverField === field ? fieldError(field) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems).length > 0 || create.isPending) return;
    create.mutate({
      id: '',
      t: title.trim(),
      d: description.trim(),
      sd: unixSeconds(starts),
      ed: unixSeconds(ends),
      ip: isPrivate,
      ...movementSettings(movement),
      hsn,
      rl: roundTime,
      gat,
      mlte: Number(minLevel) || 0,
      rou: [],
      ppr: [],
      spr: [],
      nr: roundCount,
      mid: mapId,
      dmdp1: Number(fullRadius) || 0,
      dmdp2: zeroRadius ? Number(zeroRadius) : -1,
    });
  };

  const field = (name: string, label: string, input: (describedBy: string) => ReactNode, hint?: string) => {
    const error = shown(name);
    return (
      <div className={`form-field ${error ? 'form-field--invalid' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {input(`${id}-${name}-hint`)}
        {(error ?? hint) && (
          <span id={`${id}-${name}-hint`} className={error ? 'form-field__error' : 'form-field__hint'} data-testid={error ? `challenge-error-${name}` : undefined}>
            {error ?? hint}
          </span>
        )}
      </div>
    );
  };

  return (
    <ModalWindow title={t('challenges.form.title')} onClose={onClose} testId="create-challenge-window">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form__intro muted">{t('challenges.form.intro')}</p>
        {field('t', t('challenges.form.name'), (describedBy) => (
          <input id={`${id}-t`} value={title} maxLength={CHALLENGE_LIMITS.maxTitle} onChange={(event) => setTitle(event.target.value)} aria-describedby={describedBy} aria-invalid={shown('t') ? true : undefined} data-autofocus />
        ))}
        {field('d', t('challenges.form.description'), (describedBy) => (
          <textarea id={`${id}-d`} value={description} maxLength={CHALLENGE_LIMITS.maxDescription} rows={2} onChange={(event) => setDescription(event.target.value)} aria-describedby={describedBy} />
        ))}
        {field('mid', t('challenges.form.map'), (describedBy) => (
          <select id={`${id}-mid`} className="select" value={mapId} onChange={(event) => setMapId(event.target.value)} aria-describedby={describedBy}>
            {mapChoices.map((choice) => (
              <option key={choice.mapId} value={choice.mapId}>
                {choice.mapName}
              </option>
            ))}
          </select>
        ), t('challenges.form.mapHint'))}
        {field('nr', t('live.settings.rounds'), (describedBy) => (
          <input id={`${id}-nr`} type="number" inputMode="numeric" min={1} max={CHALLENGE_LIMITS.maxRounds} value={rounds} onChange={(event) => setRounds(event.target.value)} aria-describedby={describedBy} aria-invalid={shown('nr') ? true : undefined} />
        ), t('challenges.form.roundsHint', { max: CHALLENGE_LIMITS.maxRounds }))}
        <RoundTimeField value={roundTime} onChange={setRoundTime} />
        <MovementField value={movement} onChange={setMovement} />
        <div className="switch-row">
          <label htmlFor={`${id}-gat`}>
            <span>{t('challenges.form.gat')}</span>
            <span className="muted">{t('challenges.form.gatHint', { seconds: CHALLENGE_LIMITS.askForGuessMs / 1000 })}</span>
          </label>
          <input id={`${id}-gat`} type="checkbox" checked={gat} onChange={(event) => setGat(event.target.checked)} />
        </div>
        <div className="switch-row">
          <label htmlFor={`${id}-hsn`}>
            <span>{t('challenges.form.hsn')}</span>
            <span className="muted">{t('challenges.form.hsnHint')}</span>
          </label>
          <input id={`${id}-hsn`} type="checkbox" checked={hsn} onChange={(event) => setHsn(event.target.checked)} />
        </div>
        <div className="switch-row">
          <label htmlFor={`${id}-ip`}>
            <span>{t('challenges.form.private')}</span>
            <span className="muted">{t('challenges.form.privateHint')}</span>
          </label>
          <input id={`${id}-ip`} type="checkbox" checked={isPrivate} onChange={(event) => setIsPrivate(event.target.checked)} data-testid="challenge-private" />
        </div>
        <details className="form-more">
          <summary>{t('challenges.form.more')}</summary>
          {field('mlte', t('challenges.form.minLevel'), (describedBy) => (
            <input id={`${id}-mlte`} type="number" inputMode="numeric" min={0} max={CHALLENGE_LIMITS.maxLevel} value={minLevel} onChange={(event) => setMinLevel(event.target.value)} aria-describedby={describedBy} />
          ), t('challenges.form.minLevelHint'))}
          {field('sd', t('challenges.form.starts'), (describedBy) => (
            <input id={`${id}-sd`} type="datetime-local" value={starts} onChange={(event) => setStarts(event.target.value)} aria-describedby={describedBy} />
          ), t('challenges.form.startsHint'))}
          {field('ed', t('challenges.form.ends'), (describedBy) => (
            <input id={`${id}-ed`} type="datetime-local" value={ends} onChange={(event) => setEnds(event.target.value)} aria-describedby={describedBy} aria-invalid={shown('ed') ? true : undefined} />
          ), t('challenges.form.endsHint'))}
          {field('dmdp1', t('challenges.form.fullRadius'), (describedBy) => (
            <input id={`${id}-dmdp1`} type="number" inputMode="numeric" min={0} value={fullRadius} onChange={(event) => setFullRadius(event.target.value)} aria-describedby={describedBy} />
          ), t('challenges.form.fullRadiusHint'))}
          {field('dmdp2', t('challenges.form.zeroRadius'), (describedBy) => (
            <input id={`${id}-dmdp2`} type="number" inputMode="numeric" min={0} value={zeroRadius} placeholder={t('challenges.form.none')} onChange={(event) => setZeroRadius(event.target.value)} aria-describedby={describedBy} />
          ), t('challenges.form.zeroRadiusHint'))}
        </details>
        {create.isError && !serverField && <ErrorMessage>{errorMessage(create.error)}</ErrorMessage>}
        <button type="submit" className="button button--primary form__submit" disabled={create.isPending} aria-busy={create.isPending || undefined} data-testid="submit-challenge">
          {create.isPending && <span className="spinner spinner--small" aria-hidden="true" />}
          {t('challenges.form.create')}
        </button>
      </form>
    </ModalWindow>
  );
}
