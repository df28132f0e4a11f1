import type { RoundResult, SoloGameView } from '@globetrail/contracts';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { ModalWindow } from '../../../components/modal-window';
import { type MapMarker, WorldMap } from '../../../components/world-map';
import { useFormatters } from '../../../lib/format/use-formatters';
import { nearestCopy } from '../../../lib/map/result-framing';

// Room above for the pins (they stand on their point) and for the guess numbers below.
const SUMMARY_PADDING = { top: 60, right: 40, bottom: 40, left: 40 };

/** The rounds of a single-player game that have a result, in the order they were played. */
export function playedRounds(game: SoloGameView): RoundResult[] {
  return game.rounds.flatMap((round) => (round.result ? [round.result] : []));
}

/**
 * Single player has no last round (SPEC: endless rounds): this is its end whenever the player wants one —
 * every round's points and distance, the totals, and a map of all the guesses and places.
 */
export function SessionSummaryWindow({
  game,
  onClose,
  onNewGame,
  newGamePending,
  newGameError,
}: {
  game: SoloGameView;
  onClose: () => void;
  onNewGame: () => void;
  newGamePending: boolean;
  newGameError: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rounds = playedRounds(game);
  const guessed = rounds.filter((round) => round.distanceMeters !== null);
  const total = rounds.reduce((sum, round) => sum + round.points, 0);
  const average = guessed.length > 0 ? guessed.reduce((sum, round) => sum + round.distanceMeters!, 0) / guessed.length : null;
  const best = guessed.reduce<RoundResult | null>((closest, round) => (closest === null || round.distanceMeters! < closest.distanceMeters! ? round : closest), null);

  const markers: MapMarker[] = rounds.flatMap((round) => {
    const number = format.number(round.roundIndex + 1);
    const target = nearestCopy(round.target, round.guess);
    return [
      ...(round.guess ? [{ id: `guess-${round.roundIndex}`, kind: 'guess' as const, position: round.guess, label: t('summary.guessOf', { round: number }), caption: number }] : []),
      { id: `target-${round.roundIndex}`, kind: 'target' as const, position: target, label: t('summary.placeOf', { round: number }) },
    ];
  });
  const lines = rounds.flatMap((round) => (round.guess ? [[round.guess, nearestCopy(round.target, round.guess)] as const] : []));

  return (
    <ModalWindow title={t('summary.title')} onClose={onClose} testId="session-summary" className="session-summary">
      <p className="muted">{t('summary.endless')}</p>
      <dl className="session-summary__figures">
        <div>
          <dt>{t('summary.rounds')}</dt>
          <dd data-testid="summary-rounds">{format.number(rounds.length)}</dd>
        </div>
        <div>
          <dt>{t('summary.points')}</dt>
          <dd data-testid="summary-points">{format.number(total)}</dd>
        </div>
        <div>
          <dt>{t('summary.averageDistance')}</dt>
          <dd data-testid="summary-average">{average === null ? '—' : format.distance(average)}</dd>
        </div>
        <div>
          <dt>{t('summary.closest')}</dt>
          <dd>{best ? format.distance(best.distanceMeters!) : '—'}</dd>
        </div>
      </dl>
      {rounds.length > 0 && (
        <div className="session-summary__map" data-testid="summary-map">
          <WorldMap label={t('summary.mapLabel')} markers={markers} lines={lines} fitTo={markers.map((marker) => marker.position)} fitPadding={SUMMARY_PADDING} />
        </div>
      )}
      {rounds.length > 0 ? (
        <div className="session-summary__table" tabIndex={0} role="region" aria-label={t('summary.tableLabel')}>
          <table data-testid="summary-table">
            <thead>
              <tr>
                <th scope="col">{t('summary.round')}</th>
                <th scope="col">{t('result.distance')}</th>
                <th scope="col">{t('result.points')}</th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((round) => (
                <tr key={round.roundIndex}>
                  <th scope="row">{format.number(round.roundIndex + 1)}</th>
                  <td>{round.distanceMeters === null ? t('summary.noGuess') : format.distance(round.distanceMeters)}</td>
                  <td>{format.number(round.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('summary.nothingYet')}</p>
      )}
      {newGameError && <ErrorMessage>{newGameError}</ErrorMessage>}
      <div className="session-summary__actions">
        <button type="button" className="button button--primary" onClick={onClose} data-autofocus>
          {t('summary.keepPlaying')}
        </button>
        <button type="button" className="button" onClick={onNewGame} disabled={newGamePending} aria-busy={newGamePending || undefined} data-testid="summary-new-game">
          {t('summary.newGame')}
        </button>
      </div>
    </ModalWindow>
  );
}
