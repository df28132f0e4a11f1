import type { LatLng, PanoramaRef, SoloEvent, SoloSettings } from '@globetrail/contracts';
import { greatCircleDistance, movementFor, NO_ROUND_LIMITS, sameLocation, scoreForDistance } from '@globetrail/contracts';
import { roundClock } from '../round-clock.js';
import { countryAt } from '../country.js';
import { assertNever, type Decider, type Decision, reject } from '../decider.js';

export interface SoloRound {
  roundIndex: number;
  target: LatLng;
  targetCountryCode: string | null;
  panorama: PanoramaRef;
  shared: boolean;
  startedAt: string;
  /** When the server stops taking the guess; null without a time limit. */
  deadline: string | null;
  /** No guess (and no distance) when the round's time ran out. */
  result: { guess: LatLng | null; distanceMeters: number | null; points: number; guessCountryCode: string | null; timeTakenMs: number } | null;
}

export type SoloState =
  | { status: 'none' }
  | { status: 'playing'; gameId: string; playerId: string; mapId: string; mapName: string; maxMapDistance: number; settings: SoloSettings; rounds: SoloRound[] };

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
      settings: SoloSettings;
      firstRound: ResolvedRound;
    }
  /** `round` is null when the caller saw no new round to start; the decider then answers why. */
  | { type: 'StartSoloRound'; gameId: string; playerId: string; roundIndex: number; round: ResolvedRound | null }
  /** `guess` null: the round's time ran out without one (0 points). */
  | { type: 'PlaceSoloGuess'; gameId: string; playerId: string; roundIndex: number; guess: LatLng | null };

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
              settings: command.settings,
              startedAt: at,
            },
          },
          roundStarted(command.gameId, 0, command.firstRound, command.settings, ctx.now),
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
        return [roundStarted(game.gameId, command.roundIndex, command.round, game.settings, ctx.now)];
      }
      case 'PlaceSoloGuess': {
        const game = ownedGame(state, command);
        if ('kind' in game) return game;
        const round = game.rounds.at(-1);
        if (!round || round.roundIndex !== command.roundIndex) {
          return reject(409, 'round_not_current', `roundIndex: round ${command.roundIndex} is not the current round`, 'roundIndex');
        }
        if (round.result) {
          const same = round.result.guess === null || command.guess === null ? round.result.guess === command.guess : sameLocation(round.result.guess, command.guess);
          return same ? [] : reject(409, 'round_already_guessed', `round ${round.roundIndex} already has a guess`);
        }
        if (command.guess && round.deadline && ctx.now.getTime() > Date.parse(round.deadline)) {
          return reject(409, 'round_time_over', `guess: the time for round ${round.roundIndex + 1} ran out at ${round.deadline}`, 'guess');
        }
        const clock = roundClock(game.settings, new Date(round.startedAt));
        if (!command.guess && (!clock || ctx.now < clock.timeUp)) {
          return reject(400, 'validation_failed', 'guess: place a guess (a round ends without one only when its time runs out)', 'guess');
        }
        const distanceMeters = command.guess ? greatCircleDistance(command.guess, round.target) : null;
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
              points: distanceMeters === null ? 0 : scoreForDistance(distanceMeters, game.maxMapDistance),
              targetCountryCode: round.targetCountryCode,
              guessCountryCode: command.guess ? countryAt(command.guess) : null,
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
          settings: event.data.settings ?? NO_ROUND_LIMITS,
          rounds: [],
        };
      case 'SoloRoundStarted': {
        if (state.status !== 'playing') return state;
        const { roundIndex, target, targetCountryCode, panorama, shared, startedAt } = event.data;
        return { ...state, rounds: [...state.rounds, { roundIndex, target, targetCountryCode, panorama, shared, startedAt, deadline: event.data.deadline ?? null, result: null }] };
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

function roundStarted(gameId: string, roundIndex: number, round: ResolvedRound, settings: SoloSettings, now: Date): SoloEvent {
  const clock = roundClock(settings, now);
  return {
    type: 'SoloRoundStarted',
    version: 1,
    data: {
      gameId,
      roundIndex,
      target: round.target,
      targetCountryCode: countryAt(round.target),
      panorama: round.panorama,
      shared: round.shared,
      startedAt: now.toISOString(),
      movement: movementFor(settings),
      deadline: clock ? clock.deadline.toISOString() : null,
    },
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
