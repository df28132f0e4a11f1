import { type DomainEvent, movementFor, NO_ROUND_LIMITS, panoramaPath, readModelCollections, servedHeading, type SoloGameDoc } from '@globetrail/contracts';
import { roundClock } from '../../domain/round-clock.js';
import { assertNever } from '../../domain/decider.js';
import { isAnswerBlindProvider, streetViewOf } from '../../imagery/answer-blind.js';
import type { WriteOperation } from '../../platform/read-store/read-store.port.js';
import { defineProjection, upsert } from '../projection.js';

const collection = readModelCollections.soloGames;

/**
 * The player's view of a solo game. A round's target enters it only with the round's result. A round on
 * Google Street View carries its panorama id for Google's viewer and marks the game not answer-blind.
 */
export const soloGameProjection = defineProjection({
  name: 'solo-game',
  collections: [collection],
  indexes: [{ collection, fields: ['playerId', ['startedAt', 'desc']] }],
  handles: ['SoloGameStarted', 'SoloRoundStarted', 'SoloGuessPlaced'],
  apply({ event, position }, documents) {
    if (event.type === 'SoloGameStarted') {
      const { gameId, playerId, mapId, mapName, maxMapDistance, startedAt, settings } = event.data;
      const game: SoloGameDoc = { id: gameId, gameId, playerId, mapId, mapName, maxMapDistance, startedAt, totalPoints: 0, answerBlind: true, settings: settings ?? NO_ROUND_LIMITS, rounds: [] };
      return [upsert(collection, game, position)];
    }
    // Without a promise when the game is in memory (most events of a rebuild).
    const got = documents.get<SoloGameDoc>(collection, event.data.gameId);
    return got instanceof Promise ? got.then((game) => played(game, event, position)) : played(got, event, position);
  },
});

/** A round started or guessed in `game` (null: a game this read model never saw start). */
function played(game: SoloGameDoc | null, event: Extract<DomainEvent, { type: 'SoloRoundStarted' | 'SoloGuessPlaced' }>, position: bigint): WriteOperation[] {
  if (!game) return [];
  switch (event.type) {
    case 'SoloRoundStarted': {
      const { roundIndex, panorama, startedAt, shared } = event.data;
      const settings = game.settings ?? NO_ROUND_LIMITS;
      const fallback = panorama.source !== undefined && panorama.source.mapId !== game.mapId;
      const timeUp = roundClock(settings, new Date(startedAt))?.timeUp.toISOString() ?? null;
      const round = {
        roundIndex,
        panoramaUrl: panoramaPath(panorama.token),
        heading: servedHeading(panorama, event.data.movement ?? movementFor(settings)),
        startedAt,
        shared,
        streetView: streetViewOf(panorama),
        movement: event.data.movement ?? movementFor(),
        fallback,
        timeUp,
        deadline: event.data.deadline ?? null,
        result: null,
      };
      const rounds = [...game.rounds.filter((r) => r.roundIndex !== roundIndex), round];
      // Documents written before games could be on Google lack the flag: their rounds were all answer-blind.
      const answerBlind = (game.answerBlind ?? true) && isAnswerBlindProvider(panorama.provider);
      return [upsert(collection, { ...game, answerBlind, rounds }, position)];
    }
    case 'SoloGuessPlaced': {
      const { roundIndex, guess, target, distanceMeters, points, targetCountryCode, guessCountryCode, timeTakenMs } = event.data;
      const result = { roundIndex, guess, target, distanceMeters, points, targetCountryCode, guessCountryCode, timeTakenMs };
      const rounds = game.rounds.map((round) => (round.roundIndex === roundIndex ? { ...round, result } : round));
      return [upsert(collection, { ...game, rounds, totalPoints: game.totalPoints + points }, position)];
    }
    default:
      return assertNever(event);
  }
}
