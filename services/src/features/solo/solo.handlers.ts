import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type LatLng, movementFor, panoramaPath, type PlaceGuessResponse, servedHeading, type SoloGameView, type SoloRoundView, type StartSoloGameResponse, streamName } from '@globetrail/contracts';
import { ApiException, notFound } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { IMAGERY, MAP_CATALOG, READ_STORE } from '../../app/tokens.js';
import type { DecisionContext } from '../../domain/decider.js';
import { awaitsNewRound, type SoloRound, type SoloState, soloDecider } from '../../domain/solo/solo.decider.js';
import { roundClock } from '../../domain/round-clock.js';
import { isAnswerBlindProvider, streetViewOf } from '../../imagery/answer-blind.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { DEFAULT_MAP_ID, type MapCatalog } from '../../maps/map-catalog.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { soloGame } from '../../projections/solo-game/solo-game.queries.js';
import { planRound } from './round-planner.js';
import { GetSoloGame, PlaceSoloGuess, StartSoloGame, StartSoloRound } from './solo.messages.js';
import { RecentPictures } from '../../process-managers/recent-pictures.js';

/** The picture's read model must know a round's token before the client asks for the image. */
const PANORAMA_READ_MODELS = ['round-panoramas', 'solo-game'];

type PlayingGame = Extract<SoloState, { status: 'playing' }>;

const roundView = (round: SoloRound, game: PlayingGame, now: number): SoloRoundView => ({
  fallback: round.panorama.source !== undefined && round.panorama.source.mapId !== game.mapId,
  roundIndex: round.roundIndex,
  panoramaUrl: panoramaPath(round.panorama.token),
  heading: servedHeading(round.panorama, movementFor(game.settings)),
  startedAt: round.startedAt,
  shared: round.shared,
  streetView: streetViewOf(round.panorama),
  movement: movementFor(game.settings),
  timeUp: roundClock(game.settings, new Date(round.startedAt))?.timeUp.toISOString() ?? null,
  deadline: round.deadline,
  now: new Date(now).toISOString(),
});

const playing = (state: SoloState): PlayingGame => {
  if (state.status !== 'playing') throw new Error('expected a started solo game');
  return state;
};

@CommandHandler(StartSoloGame)
export class StartSoloGameHandler implements ICommandHandler<StartSoloGame> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    private readonly recent: RecentPictures,
  ) {}

  async execute({ playerId, request }: StartSoloGame): Promise<StartSoloGameResponse> {
    const map = await this.maps.get(request.mapId ?? DEFAULT_MAP_ID);
    if (!map) throw new ApiException(404, 'not_found', `mapId: no map ${request.mapId}`, 'mapId');
    const context = this.executor.context();
    const gameId = context.newId();
    const avoid = this.recent.avoidFor([playerId]);
    const { fallback: _fallback, ...firstRound } = await planRound(this.maps, map, this.imagery, [], context.random, request.at, { avoid });
    const { nm, nmpz, rl, gat, hsn } = request;
    const settings = { nm, nmpz, rl, gat, hsn };
    const command = { type: 'StartSoloGame', gameId, playerId, map: { id: map.id, name: map.name, maxMapDistance: map.maxMapDistance }, settings, firstRound } as const;
    const outcome = await this.executor.execute(streamName.solo(gameId), soloDecider, command, { actor: playerId, readModels: PANORAMA_READ_MODELS, context });
    const game = playing(outcome.state);
    const answerBlind = game.rounds.every((round) => isAnswerBlindProvider(round.panorama.provider));
    return { gameId, mapId: game.mapId, mapName: game.mapName, maxMapDistance: game.maxMapDistance, answerBlind, settings: game.settings, round: roundView(game.rounds[0]!, game, context.now.getTime()) };
  }
}

@CommandHandler(StartSoloRound)
export class StartSoloRoundHandler implements ICommandHandler<StartSoloRound> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    private readonly recent: RecentPictures,
  ) {}

  async execute({ playerId, gameId, request }: StartSoloRound): Promise<SoloRoundView> {
    const stream = streamName.solo(gameId);
    const { state } = await this.executor.load(stream, soloDecider);
    const context = this.executor.context();
    // A picture is resolved only for a round that can start; otherwise the decider says why not (or,
    // for a retry, that the round already exists).
    const round = awaitsNewRound(state, playerId, request.roundIndex) ? await this.plan(playing(state), context, request.at) : null;
    const command = { type: 'StartSoloRound', gameId, playerId, roundIndex: request.roundIndex, round } as const;
    const outcome = await this.executor.execute(stream, soloDecider, command, { actor: playerId, readModels: PANORAMA_READ_MODELS, context });
    const game = playing(outcome.state);
    return roundView(game.rounds.find((r) => r.roundIndex === request.roundIndex)!, game, context.now.getTime());
  }

  private async plan(game: PlayingGame, context: DecisionContext, at?: LatLng) {
    const map = await this.maps.get(game.mapId);
    if (!map) throw notFound(`the map ${game.mapId} of this game no longer exists`);
    const avoid = this.recent.avoidFor([game.playerId]);
    const { fallback: _fallback, ...round } = await planRound(this.maps, map, this.imagery, game.rounds.map((r) => r.panorama), context.random, at, { avoid });
    return round;
  }
}

@CommandHandler(PlaceSoloGuess)
export class PlaceSoloGuessHandler implements ICommandHandler<PlaceSoloGuess> {
  constructor(private readonly executor: CommandExecutor) {}

  async execute({ playerId, gameId, request }: PlaceSoloGuess): Promise<PlaceGuessResponse> {
    const command = { type: 'PlaceSoloGuess', gameId, playerId, roundIndex: request.roundIndex, guess: request.guess } as const;
    const outcome = await this.executor.execute(streamName.solo(gameId), soloDecider, command, { actor: playerId, readModels: ['solo-game'] });
    const game = playing(outcome.state);
    const round = game.rounds.find((r) => r.roundIndex === request.roundIndex)!;
    const { result } = round;
    if (!result) throw new Error(`round ${round.roundIndex} has no result after a guess`);
    return {
      result: {
        roundIndex: round.roundIndex,
        guess: result.guess,
        target: round.target,
        distanceMeters: result.distanceMeters,
        points: result.points,
        targetCountryCode: round.targetCountryCode,
        guessCountryCode: result.guessCountryCode,
        timeTakenMs: result.timeTakenMs,
      },
      totalPoints: game.rounds.reduce((sum, r) => sum + (r.result?.points ?? 0), 0),
    };
  }
}

@QueryHandler(GetSoloGame)
export class GetSoloGameHandler implements IQueryHandler<GetSoloGame> {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly executor: CommandExecutor,
  ) {}

  async execute({ playerId, gameId }: GetSoloGame): Promise<SoloGameView> {
    const game = await soloGame(this.reads, gameId);
    if (!game) throw notFound(`no game ${gameId}`);
    if (game.playerId !== playerId) throw new ApiException(403, 'forbidden', 'this game belongs to another player');
    return { ...game, now: this.executor.context().now.toISOString() };
  }
}
