import { isDuel, LIVE, type TeamId } from '@globetrail/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import type { useGameCommands } from '../hooks/use-game-commands';
import type { GameModel } from '../hooks/use-game-view';
import { PlayersList } from './players-list';
import { SettingsSummary } from './settings-summary';
import { ShareLink } from './share-link';

interface WaitingRoomProps {
  model: GameModel;
  commands: ReturnType<typeof useGameCommands>;
  takeSeat: () => Promise<void>;
  /** Joining or watching is under way: the viewer's role is not settled yet. */
  entering: boolean;
}

const TEAMS: readonly TeamId[] = ['0', '1'];

/** CREATED (and G, while the first picture is prepared): who plays, on which team, and who is ready. */
export function WaitingRoom({ model, commands, takeSeat, entering }: WaitingRoomProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { view } = model;
  const generating = view.status === 'G';
  const me = model.me ? model.byId.get(model.me) : undefined;
  const capacity = LIVE.capacity[view.gameT];
  const seatsLeft = capacity - model.players.length;
  const needsOpponent = isDuel(view.gameT) && model.players.length < 2;
  // Team guesser starts only with a player in each team (readyToLaunch): say so while one is empty.
  const emptyTeam = view.gameT === 'T' && model.players.length > 0 && TEAMS.some((team) => !model.players.some((player) => player.team === team));
  const [seat, setSeat] = useState<{ pending: boolean; error: unknown }>({ pending: false, error: null });
  const backTo = view.origin === 'lobby' ? '/game/lobby' : view.origin === 'arena' ? '/game/arena' : '/';

  const sitDown = () => {
    setSeat({ pending: true, error: null });
    takeSeat().then(
      () => setSeat({ pending: false, error: null }),
      (error: unknown) => setSeat({ pending: false, error }),
    );
  };

  const commandError = [commands.setReady, commands.chooseTeam].find((command) => command.isError)?.error ?? null;

  return (
    <div className="live-page" data-testid="waiting-room">
      <div className="live-page__card">
        <header className="live-page__header">
          <p className="live-page__eyebrow">{t(`live.modes.${view.gameT}`)}</p>
          <h1 className="live-page__title">{generating ? t('live.waiting.generating') : t('live.waiting.title')}</h1>
        </header>

        {generating ? (
          <p className="live-page__lead" role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> {t('live.waiting.generatingText')}
          </p>
        ) : (
          <p className="live-page__lead" role="status" data-testid="waiting-hint">
            {needsOpponent ? t('live.waiting.needsOpponent') : emptyTeam ? t('live.waiting.needsTeams') : t('live.waiting.startsWhenReady')}
          </p>
        )}

        {model.isPlayer && me && !generating && (
          <div className="live-page__actions">
            <button
              type="button"
              className={`button ${me.ready ? '' : 'button--primary'} button--large`}
              aria-pressed={me.ready}
              disabled={commands.setReady.isPending}
              aria-busy={commands.setReady.isPending || undefined}
              onClick={() => commands.setReady.mutate(!me.ready)}
              data-testid="ready-toggle"
            >
              {/* One label, pressed or not (aria-pressed), so the button and the player's row always agree. */}
              {me.ready && <CheckIcon />}
              {t('live.waiting.readyButton')}
            </button>
            <Link className="button" to={backTo} data-testid="leave-game">
              {t('live.waiting.leave')}
            </Link>
          </div>
        )}
        {!model.isPlayer && entering && (
          <p className="live-page__lead muted" role="status">
            <span className="spinner spinner--small" aria-hidden="true" /> {t('live.waiting.joining')}
          </p>
        )}
        {!model.isPlayer && !entering && view.status === 'C' && (
          <div className="live-page__actions">
            {seatsLeft > 0 ? (
              <button type="button" className="button button--primary" disabled={seat.pending} onClick={sitDown} data-testid="take-seat">
                {seat.pending && <span className="spinner spinner--small" aria-hidden="true" />}
                {t('live.waiting.join')}
              </button>
            ) : (
              <span className="muted" data-testid="game-full">
                {t('live.waiting.full')}
              </span>
            )}
          </div>
        )}
        {seat.error !== null && <ErrorMessage>{errorMessage(seat.error)}</ErrorMessage>}
        {commandError !== null && <ErrorMessage>{errorMessage(commandError)}</ErrorMessage>}

        {view.gameT === 'T' ? (
          <div className="team-columns">
            {TEAMS.map((team) => {
              const members = model.players.filter((player) => player.team === team);
              const mine = me?.team === team;
              return (
                <section key={team} className={`team-column team-column--${team}`} aria-labelledby={`team-${team}-title`} data-testid={`team-${team}`}>
                  <h2 id={`team-${team}-title`} className="team-column__title">
                    {t(`live.teams.${team}`)} <span className="muted">({members.length})</span>
                  </h2>
                  <PlayersList model={model} players={members} show="ready" label={t(`live.teams.${team}`)} />
                  {model.isPlayer && !generating && mine && <p className="team-column__mine muted">{t('live.teams.yourTeam')}</p>}
                  {model.isPlayer && !generating && !mine && (
                    <button
                      type="button"
                      className="button button--small"
                      disabled={commands.chooseTeam.isPending}
                      onClick={() => commands.chooseTeam.mutate(team)}
                      data-testid={`choose-team-${team}`}
                    >
                      {t('live.teams.join', { team: t(`live.teams.${team}`) })}
                    </button>
                  )}
                </section>
              );
            })}
          </div>
        ) : (
          <section aria-labelledby="waiting-players-title">
            <h2 id="waiting-players-title" className="live-page__section-title">
              {t('live.players.title', { count: model.players.length, capacity })}
            </h2>
            <PlayersList model={model} show="ready" label={t('live.players.label')} />
          </section>
        )}

        <section aria-labelledby="waiting-settings-title">
          <h2 id="waiting-settings-title" className="live-page__section-title">
            {t('live.settings.title')}
          </h2>
          <SettingsSummary model={model} />
        </section>

        {!generating && <ShareLink gameId={view.id} />}
      </div>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z" fill="currentColor" />
    </svg>
  );
}
