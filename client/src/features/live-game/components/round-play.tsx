import type { LatLng, RoundView } from '@globetrail/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GuessPanel } from '../../../components/guess-panel';
import { PanoramaViewer } from '../../../components/panorama-viewer';
import type { MapCircle, MapMarker } from '../../../components/world-map';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import { useActionKeys } from '../../../lib/hooks/use-action-keys';
import { useMapFrame } from '../../maps/hooks/map-queries';
import type { useGameCommands } from '../hooks/use-game-commands';
import { nameOf, type GameModel } from '../hooks/use-game-view';
import { useMarkerMoves } from '../hooks/use-marker-moves';
import { BlinkWall } from './blink-wall';
import { roundDeadline } from './game-hud';
import { DEFAULT_RADIUS_M, RadiusControl } from './radius-control';
import { TimeUpDialog } from './time-up-dialog';

interface RoundPlayProps {
  model: GameModel;
  now: number;
  commands: ReturnType<typeof useGameCommands>;
}

/** STARTED: the round's picture, and for players the guess map, the timer dialogs and the host's controls. */
export function RoundPlay({ model, now, commands }: RoundPlayProps) {
  const { t } = useTranslation();
  const round = model.round;
  if (!round) {
    return (
      <div className="live-message">
        <p role="status">{t('live.loadingRound')}</p>
      </div>
    );
  }
  return model.me ? (
    <PlayerRound model={model} round={round} me={model.me} now={now} commands={commands} />
  ) : (
    round.pano ? <PanoramaViewer url={round.pano.url} heading={round.pano.heading} movement={round.pano.movement} /> : <PictureMissing />
  );
}

function PictureMissing() {
  const { t } = useTranslation();
  return (
    <div className="live-message">
      <p role="status">{t('live.pictureComing')}</p>
    </div>
  );
}

interface PlayerRoundProps extends RoundPlayProps {
  round: RoundView;
  me: string;
}

function PlayerRound({ model, round, me, now, commands }: PlayerRoundProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const { view } = model;
  // A country or player map's game opens its guess map on that map's extent (the world for World).
  const frame = useMapFrame(view.mapId ?? null);
  const mine = round.gus[me];
  const final = mine?.isF === true;
  const circlesMode = view.gameT === 'C';
  const [draft, setDraft] = useState<{ loc: LatLng | null; r: number }>(() => ({
    loc: mine?.loc ?? null,
    r: mine && mine.r >= 0 ? mine.r : DEFAULT_RADIUS_M,
  }));
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const moves = useMarkerMoves(view.id);
  const [timeUpClosedFor, setTimeUpClosedFor] = useState<number | null>(null);

  const withRadius = (r: number) => (circlesMode ? { r } : {});
  const pick = (loc: LatLng) => {
    if (final) return;
    setDraft((current) => ({ ...current, loc }));
    moves.move({ roundIndex: round.index, loc, ...withRadius(draftRef.current.r) });
  };
  const setRadius = (r: number) => {
    setDraft((current) => ({ ...current, r }));
    const loc = draftRef.current.loc;
    if (loc && !final) moves.move({ roundIndex: round.index, loc, r });
  };
  const confirm = () => {
    const { loc, r } = draftRef.current;
    if (!loc || final || commands.confirmGuess.isPending) return;
    moves.flush();
    commands.confirmGuess.mutate({ roundIndex: round.index, loc, ...withRadius(r) });
  };

  // Blink: the wall until Start, the picture until hidesAt, then only the map.
  const hidesAt = round.hidesAt[me];
  const wall = view.bl && hidesAt === undefined;
  const pictureHidden = view.bl && hidesAt !== undefined && now >= hidesAt;

  const deadline = roundDeadline(model);
  const gatOpen = deadline.timedOut && deadline.at !== null && now < deadline.at && !final && timeUpClosedFor !== round.index;

  useActionKeys(!final && draft.loc !== null && !commands.confirmGuess.isPending && !wall, confirm);

  // With sga, a player who has confirmed sees the others' confirmed guesses.
  const others = model.players.filter((player) => player.id !== me && round.gus[player.id]?.loc);
  const extraMarkers: MapMarker[] = others.map((player) => {
    const name = nameOf(model, player.id, t('live.anonymous'));
    return { id: `guess-${player.id}`, kind: 'player', position: round.gus[player.id]!.loc!, label: t('live.markerOf', { name }), caption: name, tone: player.tone };
  });
  const circles: MapCircle[] = circlesMode
    ? [
        ...(draft.loc ? [{ id: 'mine', center: draft.loc, radiusMeters: draft.r, tone: 0 }] : []),
        ...others.filter((player) => (round.gus[player.id]?.r ?? -1) >= 0).map((player) => ({ id: player.id, center: round.gus[player.id]!.loc!, radiusMeters: round.gus[player.id]!.r, tone: player.tone })),
      ]
    : [];

  const guessError = commands.confirmGuess.isError ? commands.confirmGuess.error : moves.error;

  return (
    <>
      {/* Blink: the server serves the picture only from Start until it hides, so it is asked for only then. */}
      {view.bl && (wall || pictureHidden) ? null : round.pano ? (
        <PanoramaViewer key={round.index} url={round.pano.url} heading={round.pano.heading} movement={round.pano.movement} />
      ) : (
        <PictureMissing />
      )}
      {wall && (
        <BlinkWall
          seconds={view.rl}
          onStart={() => commands.startViewing.mutate(round.index)}
          pending={commands.startViewing.isPending}
          error={commands.startViewing.isError ? errorMessage(commands.startViewing.error) : null}
        />
      )}
      {pictureHidden && (
        <div className="blink-hidden" data-testid="blink-hidden" role="status">
          <p>{t('live.blink.hidden')}</p>
        </div>
      )}
      {view.bl && hidesAt !== undefined && !pictureHidden && (
        <p className="blink-countdown" role="timer" data-testid="blink-countdown">
          {t('live.blink.hidesIn', { count: Math.max(1, Math.ceil((hidesAt - now) / 1000)) })}
        </p>
      )}
      {!wall && (
        <GuessPanel
          guess={draft.loc}
          onPick={final ? undefined : pick}
          onGuess={confirm}
          pending={commands.confirmGuess.isPending}
          error={guessError ? errorMessage(guessError) : null}
          extraMarkers={extraMarkers}
          circles={circles}
          frame={frame}
          done={final}
          doneLabel={t('live.guessed')}
          controls={
            circlesMode ? <RadiusControl meters={draft.r} onChange={setRadius} maxMapDistance={view.mmd} disabled={final} /> : undefined
          }
        />
      )}
      {gatOpen && deadline.at !== null && (
        <TimeUpDialog
          remainingMs={deadline.at - now}
          canGuess={draft.loc !== null}
          onGuess={() => {
            setTimeUpClosedFor(round.index);
            confirm();
          }}
          onClose={() => setTimeUpClosedFor(round.index)}
        />
      )}
    </>
  );
}
