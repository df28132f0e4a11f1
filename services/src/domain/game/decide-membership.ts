import { roundPlanHash } from '../arena/round-plan.js';
import { type GameEvent, hasHitPoints, LIVE, type TeamId } from '@globetrail/contracts';
import { assertNever, type Decision, isRejection, reject } from '../decider.js';
import type { GameCommandOf, JoiningPlayer } from './game.commands.js';
import { createdGame, evolveGame } from './game.evolve.js';
import { findPlayer, type Game, type GameState, instantOf, TEAMS, teamMembers } from './game.state.js';
import { gameEvent, memberOf } from './decide-support.js';

/** A team guesser side holds half the game: 8 of 16. */
const teamCapacity = (game: Game) => LIVE.capacity[game.gameT] / TEAMS.length;

/** Players join the smaller side, team '0' on a tie; modes without sides have no teams. */
function teamForNewcomer(game: Game): TeamId | null {
  if (!hasHitPoints(game.gameT)) return null;
  return teamMembers(game, '0').length <= teamMembers(game, '1').length ? '0' : '1';
}

function joined(game: Game, player: JoiningPlayer, team: TeamId | null, at: string): GameEvent {
  return gameEvent('PlayerJoined', { playerId: player.id, name: player.name, isAnonymous: player.isAnonymous, team, elo: player.elo, at });
}

/** A new game with its host; an arena match brings its opponent, and both are ready so it launches at once. */
export function decideCreate(command: GameCommandOf<'CreateGame'>, state: GameState, now: number): Decision<GameEvent> {
  if (state.status !== 'none') {
    return state.hostId === command.host.id ? [] : reject(409, 'conflict', `game ${command.gameId} already exists`);
  }
  if (command.opponent?.id === command.host.id) return reject(400, 'validation_failed', 'a player cannot be their own opponent', 'opponent');
  if (command.ghost && (command.origin !== 'ghost' || command.opponent?.id !== command.ghost.playerId || !command.plan || command.plan.rounds.length !== command.ghost.rounds.length)) {
    return reject(400, 'validation_failed', "a ghost duel's opponent is its ghost, and its plan has the recorded rounds", 'ghost');
  }
  const at = instantOf(now);
  const created = {
    gameId: command.gameId,
    gameT: command.gameT,
    origin: command.origin,
    settings: command.settings,
    map: command.map,
    hostId: command.host.id,
    ...(command.plan ? { roundPlanHash: roundPlanHash(command.plan) } : {}),
    createdAt: at,
  };
  // The plan itself goes right after the event that commits to it, and never to a client.
  const events: GameEvent[] = [
    gameEvent('GameCreated', created),
    ...(command.plan ? [gameEvent('RoundPlanDrawn', command.plan)] : []),
    ...(command.ghost ? [gameEvent('GhostRecorded', command.ghost)] : []),
  ];
  // Each player takes the side the join rule gives them, so the game is folded as they join.
  let game = { ...createdGame(created), plan: command.plan ?? null, ghost: command.ghost ?? null };
  for (const player of command.opponent ? [command.host, command.opponent] : [command.host]) {
    const event = joined(game, player, teamForNewcomer(game), at);
    events.push(event);
    game = evolveGame(game, event);
  }
  if (!command.opponent) return events;
  // A ghost is always there: it never leaves, so a ghost duel waits only for its player.
  const ghostHere = command.ghost ? [gameEvent('PlayerConnected', { playerId: command.ghost.playerId, at })] : [];
  return [...events, ...ghostHere, ...game.players.map((player) => gameEvent('PlayerReadyChanged', { playerId: player.id, ready: true, at }))];
}

/**
 * Joining is open in CREATED; a player already in the game comes back at any time (their socket joins the
 * room, so they are connected). A lobby duel with a minimum Elo refuses players below it or unrated.
 */
export function decideJoin(command: GameCommandOf<'JoinGame'>, game: Game, now: number): Decision<GameEvent> {
  const at = instantOf(now);
  const { player } = command;
  const existing = findPlayer(game, player.id);
  if (existing) return existing.isC || game.status === 'G_ABON' ? [] : [gameEvent('PlayerConnected', { playerId: player.id, at })];
  if (game.status === 'G_ABON') return reject(409, 'game_not_joinable', 'this game was abandoned');
  if (game.status !== 'C') return reject(409, 'game_not_joinable', 'this game has already started; you can watch it');
  if (game.players.length >= LIVE.capacity[game.gameT]) return reject(409, 'game_full', 'this game is full');
  const { mElo } = game.settings;
  if (mElo !== null && (player.elo === null || player.elo < mElo)) {
    return reject(403, 'elo_too_low', `this duel is for players rated ${mElo} or more`);
  }
  let team = teamForNewcomer(game);
  if (command.team !== undefined) {
    const chosen = choosableTeam(game, command.team);
    if (isRejection(chosen)) return chosen;
    team = chosen;
  }
  return [joined(game, player, team, at), gameEvent('PlayerConnected', { playerId: player.id, at })];
}

function choosableTeam(game: Game, team: TeamId) {
  if (game.gameT !== 'T') return reject(400, 'no_teams', 'only team games let you choose a team', 'team');
  if (teamMembers(game, team).length >= teamCapacity(game)) return reject(409, 'game_full', `team ${Number(team) + 1} is full`, 'team');
  return team;
}

/**
 * Leaving the game route: before the game starts the player is removed (the next longest-present player
 * becomes host, and the game is abandoned when nobody is left); once launched they are only offline.
 */
export function decideLeave(command: GameCommandOf<'LeaveGame'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (game.status === 'G_ABON') return [];
  if (game.status === 'C') return removePlayers(game, [player.id], now);
  return player.isC ? [gameEvent('PlayerDisconnected', { playerId: player.id, at: instantOf(now) })] : [];
}

export function removePlayers(game: Game, playerIds: readonly string[], now: number): GameEvent[] {
  const at = instantOf(now);
  const left = playerIds.map((playerId) => gameEvent('PlayerLeft', { playerId, at }));
  const remaining = game.players.filter((player) => !playerIds.includes(player.id));
  const next = remaining[0];
  if (!next) return [...left, gameEvent('GameAbandoned', { reason: 'everyone_left', at })];
  return playerIds.includes(game.hostId) ? [...left, gameEvent('HostChanged', { hostId: next.id, at })] : left;
}

export function decideReady(command: GameCommandOf<'SetReady'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (player.ready === command.ready) return [];
  if (game.status !== 'C') return reject(409, 'wrong_phase', 'the game has already started');
  return [gameEvent('PlayerReadyChanged', { playerId: player.id, ready: command.ready, at: instantOf(now) })];
}

export function decideTeam(command: GameCommandOf<'ChooseTeam'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (game.gameT !== 'T') return reject(400, 'no_teams', 'only team games let you choose a team', 'team');
  if (player.team === command.team) return [];
  if (game.status !== 'C') return reject(409, 'wrong_phase', 'teams are fixed once the game has started');
  const team = choosableTeam(game, command.team);
  if (isRejection(team)) return team;
  return [gameEvent('PlayerTeamChosen', { playerId: player.id, team, at: instantOf(now) })];
}

/**
 * The host starts a finished game again with the same players. Arena matches are rated once, so a new
 * match comes from the queue instead.
 */
export function decideRestart(command: GameCommandOf<'RestartGame'>, game: Game, now: number): Decision<GameEvent> {
  const player = memberOf(game, command.playerId);
  if (isRejection(player)) return player;
  if (player.id !== game.hostId) return reject(403, 'not_host', 'only the host can restart the game');
  if (game.gameT === 'L') return reject(403, 'forbidden', 'an arena match cannot be replayed; join the arena queue for a new one');
  if (game.ghost) return reject(403, 'forbidden', 'a ghost plays its recording once; start a new ghost duel to play it again');
  if (game.status === 'C') return [];
  if (game.status !== 'G_ED') return reject(409, 'wrong_phase', 'a game can be restarted once it has ended');
  return [gameEvent('GameRestarted', { at: instantOf(now) })];
}

/** Everyone is ready and there are enough players: D and L need two, T one a team, C and A one. */
export function readyToLaunch(game: Game): boolean {
  if (game.status !== 'C' || game.players.some((player) => !player.ready)) return false;
  switch (game.gameT) {
    case 'D':
    case 'L':
      return game.players.length === 2;
    case 'T':
      return TEAMS.every((team) => teamMembers(game, team).length > 0);
    case 'C':
    case 'A':
      return game.players.length >= 1;
    default:
      return assertNever(game.gameT);
  }
}
