import type { LatLng, PanoramaRef, SoloEvent } from '@globetrail/contracts';
import { greatCircleDistance, sameLocation, scoreForDistance } from '@globetrail/contracts';
import { countryAt } from '../country.js';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export interface SoloRound {
  roundIndex: number;
  target: LatLng;
  targetCountryCode: string | null;
  panorama: PanoramaRef;
  shared: boolean;
  startedAt: string;
  result: { guess: LatLng; distanceMeters: number; points: number; guessCountryCode: string | null; timeTakenMs: number } | null;
}

export type SoloState =
  | { status: 'none' }
  | { status: 'playing'; gameId: string; playerId: string; mapId: string; mapName: string; maxMapDistance: number; rounds: SoloRound[] };

/** The picture the server resolved for a round, before any player saw it. */
export interface ResolvedRound {
  target: LatLng;
  panorama: PanoramaRef;
  shared: boolean;
}

export type SoloCommand =
  | {
      type: 'StartSoloGame';
      gameId: string;
      playerId: string;
      map: { id: string; name: string; maxMapDistance: number };
      firstRound: ResolvedRound;
    }
  /** `round` is null when the caller saw no new round to start; the decider then answers why. */
  | { type: 'StartSoloRound'; gameId: string; playerId: string; roundIndex: number; round: ResolvedRound | null }
  | { type: 'PlaceSoloGuess'; gameId: string; playerId: string; roundIndex: number; guess: LatLng };

export const soloDecider: Decider<SoloState, SoloCommand, SoloEvent> = {
  initialState: { status: 'none' },

  decide(command, state, ctx): Decision<SoloEvent> {
    const at = ctx.now.toISOString();
    switch (command.type) {
      case 'StartSoloGame': {
        if (state.status !== 'none') return state.playerId === command.playerId ? [] : reject(409, 'conflict', `game ${command.gameId} already exists`);
        return [
          {
            type: 'SoloGameStarted',
            version: 1,
            data: {
              gameId: command.gameId,
              playerId: command.playerId,
              mapId: command.map.id,
              mapName: command.map.name,
              maxMapDistance: command.map.maxMapDistance,
              startedAt: at,
            },
          },
          roundStarted(command.gameId, 0, command.firstRound, at),
        ];
      }
      case 'StartSoloRound': {
        const game = ownedGame(state, command);
        if ('kind' in game) return game;
        const last = game.rounds.at(-1);
        if (last && command.roundIndex === last.roundIndex) return [];
        if (command.roundIndex !== game.rounds.length) {
          return reject(409, 'round_not_current', `roundIndex: round ${command.roundIndex} cannot start, the next round is ${game.rounds.length}`, 'roundIndex');
        }
        if (last && last.result === null) return reject(409, 'round_not_guessed', `guess round ${last.roundIndex} before starting the next one`);
        if (!command.round) throw new Error(`round ${command.roundIndex} of ${game.gameId} can start but no picture was resolved`);
        return [roundStarted(game.gameId, command.roundIndex, command.round, at)];
      }
      case 'PlaceSoloGuess': {
        const game = ownedGame(state, command);
        if ('kind' in game) return game;
        const round = game.rounds.at(-1);
        if (!round || round.roundIndex !== command.roundIndex) {
          return reject(409, 'round_not_current', `roundIndex: round ${command.roundIndex} is not the current round`, 'roundIndex');
        }
        if (round.result) {
          return sameLocation(round.result.guess, command.guess) ? [] : reject(409, 'round_already_guessed', `round ${round.roundIndex} already has a guess`);
        }
        const distanceMeters = greatCircleDistance(command.guess, round.target);
        return [
          {
            type: 'SoloGuessPlaced',
            version: 1,
            data: {
              gameId: game.gameId,
              roundIndex: round.roundIndex,
              guess: command.guess,
              target: round.target,
              distanceMeters,
              points: scoreForDistance(distanceMeters, game.maxMapDistance),
              targetCountryCode: round.targetCountryCode,
              guessCountryCode: countryAt(command.guess),
              timeTakenMs: Math.max(0, ctx.now.getTime() - Date.parse(round.startedAt)),
              placedAt: at,
            },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event): SoloState {
    switch (event.type) {
      case 'SoloGameStarted':
        return {
          status: 'playing',
          gameId: event.data.gameId,
          playerId: event.data.playerId,
          mapId: event.data.mapId,
          mapName: event.data.mapName,
          maxMapDistance: event.data.maxMapDistance,
          rounds: [],
        };
      case 'SoloRoundStarted': {
        if (state.status !== 'playing') return state;
        const { roundIndex, target, targetCountryCode, panorama, shared, startedAt } = event.data;
        return { ...state, rounds: [...state.rounds, { roundIndex, target, targetCountryCode, panorama, shared, startedAt, result: null }] };
      }
      case 'SoloGuessPlaced': {
        if (state.status !== 'playing') return state;
        const { roundIndex, guess, distanceMeters, points, guessCountryCode, timeTakenMs } = event.data;
        return {
          ...state,
          rounds: state.rounds.map((round) =>
            round.roundIndex === roundIndex ? { ...round, result: { guess, distanceMeters, points, guessCountryCode, timeTakenMs } } : round,
          ),
        };
      }
      default:
        return assertNever(event);
    }
  },
};

function roundStarted(gameId: string, roundIndex: number, round: ResolvedRound, at: string): SoloEvent {
  return {
    type: 'SoloRoundStarted',
    version: 1,
    data: { gameId, roundIndex, target: round.target, targetCountryCode: countryAt(round.target), panorama: round.panorama, shared: round.shared, startedAt: at },
  };
}

/** Whether StartSoloRound would start a new round, so the caller knows to resolve a picture first. */
export function awaitsNewRound(state: SoloState, playerId: string, roundIndex: number): boolean {
  if (state.status !== 'playing' || state.playerId !== playerId || roundIndex !== state.rounds.length) return false;
  const last = state.rounds.at(-1);
  return !last || last.result !== null;
}

function ownedGame(state: SoloState, command: { gameId: string; playerId: string }) {
  if (state.status === 'none') return reject(404, 'not_found', `no game ${command.gameId}`);
  if (state.playerId !== command.playerId) return reject(403, 'forbidden', 'this game belongs to another player');
  return state;
}
