import { type GameEvent, type GameEventOf, hasHitPoints, isDuel } from '@globetrail/contracts';
import { assertNever } from '../decider.js';
import { epochMs, type Game, type GameState, type Player, type Round } from './game.state.js';

export function evolveGame(state: Game, event: GameEvent): Game;
export function evolveGame(state: GameState, event: GameEvent): GameState;
export function evolveGame(state: GameState, event: GameEvent): GameState {
  if (event.type === 'GameCreated') return createdGame(event.data);
  if (state.status === 'none') return state;
  return evolveExisting(state, event);
}

export function createdGame(data: GameEventOf<'GameCreated'>['data']): Game {
  const { gameId, gameT, origin, settings, map, hostId, createdAt } = data;
  return {
    status: 'C',
    gameId,
    gameT,
    origin,
    settings,
    map: { id: map.id, name: map.name, mmd: map.maxMapDistance },
    hostId,
    players: [],
    hp: hasHitPoints(gameT) ? { '0': settings.s_hp, '1': settings.s_hp } : null,
    cr: 0,
    rounds: [],
    phaseAt: epochMs(createdAt),
    chatIds: new Set(),
    plan: null,
    ghost: null,
  };
}

function evolveExisting(game: Game, event: Exclude<GameEvent, { type: 'GameCreated' }>): Game {
  switch (event.type) {
    case 'PlayerJoined': {
      const { playerId, name, isAnonymous, team, elo, at } = event.data;
      // Joined is not connected: the player counts as present once their socket is in the game's room.
      const player: Player = { id: playerId, name, isA: isAnonymous, elo, team, ready: false, isC: false, lsS: epochMs(at), ir: 0, points: 0, lastChatAt: null };
      return { ...game, players: [...game.players, player] };
    }
    case 'PlayerLeft':
      return { ...game, players: game.players.filter((player) => player.id !== event.data.playerId) };
    case 'HostChanged':
      return { ...game, hostId: event.data.hostId };
    case 'PlayerTeamChosen':
      return updatePlayer(game, event.data.playerId, () => ({ team: event.data.team }));
    case 'PlayerReadyChanged':
      return updatePlayer(game, event.data.playerId, () => ({ ready: event.data.ready }));
    case 'PlayerConnected':
      return updatePlayer(game, event.data.playerId, () => ({ isC: true, lsS: epochMs(event.data.at) }));
    case 'PlayerDisconnected':
      return updatePlayer(game, event.data.playerId, () => ({ isC: false, lsS: epochMs(event.data.at) }));
    case 'RoundPlanDrawn':
      return { ...game, plan: event.data };
    case 'GhostRecorded':
      return { ...game, ghost: event.data };
    case 'GameLaunched':
      return { ...game, status: 'G', phaseAt: epochMs(event.data.at) };
    case 'RoundStarting': {
      const { roundIndex, startsAt, target, targetCountryCode, panorama } = event.data;
      const round: Round = { index: roundIndex, target, targetCountryCode, panorama, startsAt, startedAt: null, crft: null, gatft: null, hidesAt: {}, guesses: {}, ghostSteps: 0, end: null };
      return { ...game, status: 'SIN', cr: roundIndex, rounds: [...game.rounds, round], phaseAt: epochMs(event.data.at) };
    }
    case 'RoundStarted': {
      const { roundIndex, startedAt, crft } = event.data;
      return { ...updateRound(game, roundIndex, () => ({ startedAt, crft })), status: 'SED', phaseAt: startedAt };
    }
    case 'PlayerStartedViewing': {
      const { roundIndex, playerId, hidesAt } = event.data;
      return updateRound(game, roundIndex, (round) => ({ hidesAt: { ...round.hidesAt, [playerId]: hidesAt } }));
    }
    case 'GuessPlaced': {
      const { roundIndex, playerId, loc, r, isF } = event.data;
      const ghostStep = playerId === game.ghost?.playerId ? 1 : 0;
      return updateRound(game, roundIndex, (round) => ({ guesses: { ...round.guesses, [playerId]: { loc, r, isF } }, ghostSteps: round.ghostSteps + ghostStep }));
    }
    case 'RoundTimedOut':
      return updateRound(game, event.data.roundIndex, () => ({ gatft: event.data.gatft }));
    case 'RoundEnded': {
      const { roundIndex, results, teamScores, hp, ir, endedAt } = event.data;
      const at = epochMs(endedAt);
      const ended = updateRound(game, roundIndex, () => ({ end: { at, results, teamScores } }));
      return {
        ...ended,
        status: 'R_ED',
        phaseAt: at,
        hp: hp === null ? ended.hp : { '0': hp['0'] ?? 0, '1': hp['1'] ?? 0 },
        players: ended.players.map((player) => ({ ...player, ir: ir[player.id] ?? player.ir, points: player.points + (results[player.id]?.points ?? 0) })),
      };
    }
    case 'GameEnded':
      // Games with a round count show cr −1 once over; duels keep the last round's index (docs/live-games.md).
      return { ...game, status: 'G_ED', cr: isDuel(game.gameT) ? game.cr : -1, phaseAt: epochMs(event.data.endedAt) };
    case 'GameAbandoned':
      return { ...game, status: 'G_ABON', phaseAt: epochMs(event.data.at) };
    case 'GameRestarted':
      return {
        ...game,
        status: 'C',
        cr: 0,
        rounds: [],
        phaseAt: epochMs(event.data.at),
        hp: game.hp === null ? null : { '0': game.settings.s_hp, '1': game.settings.s_hp },
        players: game.players.map((player) => ({ ...player, ready: false, ir: 0, points: 0 })),
      };
    case 'ChatMessagePosted': {
      const { messageId, playerId, at } = event.data;
      return { ...updatePlayer(game, playerId, () => ({ lastChatAt: epochMs(at) })), chatIds: new Set([...game.chatIds, messageId]) };
    }
    default:
      return assertNever(event);
  }
}

function updatePlayer(game: Game, playerId: string, change: (player: Player) => Partial<Player>): Game {
  return { ...game, players: game.players.map((player) => (player.id === playerId ? { ...player, ...change(player) } : player)) };
}

function updateRound(game: Game, index: number, change: (round: Round) => Partial<Round>): Game {
  return { ...game, rounds: game.rounds.map((round) => (round.index === index ? { ...round, ...change(round) } : round)) };
}

export const applyEvents = (game: Game, events: readonly GameEvent[]): Game => events.reduce<Game>(evolveGame, game);
