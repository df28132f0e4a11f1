import {
  CHAT_VIEW_LIMIT,
  type GameEvent,
  type GameEventOf,
  type GameView,
  hasHitPoints,
  isDuel,
  movementFor,
  panoramaPath,
  phaseEventTypes,
  type RoundView,
  servedHeading,
  type TeamId,
  type TeamView,
  type UserPresenceView,
} from '@globetrail/contracts';
import { assertNever } from '../decider.js';
import { epochMs } from './game.state.js';

/** The whole game, answers included, as the server keeps it; `viewFor` and `spectatorView` filter it. */
export type GameSnapshot = Omit<GameView, 'viewer' | 'serverNow'>;

export interface FullGameView {
  live: GameSnapshot;
  /** Newest first: the game as it stood at the end of the previous phase, then of the one before. */
  phaseEnds: GameSnapshot[];
}

/** Spectators can be kept at most this many phases behind; older phase ends are not kept. */
export const MAX_SPECTATOR_DELAY_PHASES = 2;

/** The chat a view carries: the most recent messages, so a long game's view stays small. */
export { CHAT_VIEW_LIMIT };

/**
 * Folds one event into the full view; `revision` is the event's stream revision and becomes the version.
 * An event at or below the version already held changes nothing, so replays are harmless.
 */
export function projectGameView(previous: FullGameView | null, event: GameEvent, revision: number): FullGameView {
  if (previous && revision <= previous.live.version) return previous;
  if (event.type === 'GameCreated') return { live: { ...createdView(event), version: revision }, phaseEnds: [] };
  if (!previous) throw new Error(`game view: ${event.type} at revision ${revision} comes before GameCreated`);
  const live = { ...applyEvent(previous.live, event), version: revision };
  const phaseEnds = phaseEventTypes.has(event.type) ? [previous.live, ...previous.phaseEnds].slice(0, MAX_SPECTATOR_DELAY_PHASES) : previous.phaseEnds;
  return { live, phaseEnds };
}

function createdView(event: GameEventOf<'GameCreated'>): GameSnapshot {
  const { gameId, gameT, origin, settings, map, hostId } = event.data;
  const team = (): TeamView => ({ hp: settings.s_hp, s_hp: settings.s_hp, p: {} });
  return {
    id: gameId,
    version: 0,
    gameT,
    origin,
    status: 'C',
    cr: 0,
    nr: settings.nr,
    mmd: map.maxMapDistance,
    mapId: map.id,
    mapName: map.name,
    rl: settings.rl,
    bl: settings.bl,
    gat: settings.gat,
    sga: settings.sga,
    mElo: settings.mElo,
    tag: settings.tag,
    nm: settings.nm ?? false,
    nmpz: settings.nmpz ?? false,
    host: hostId,
    crft: null,
    gatft: null,
    rounds: [],
    teams: hasHitPoints(gameT) ? { '0': team(), '1': team() } : null,
    us: {},
    chat: [],
    result: null,
  };
}

function applyEvent(view: GameSnapshot, event: Exclude<GameEvent, { type: 'GameCreated' }>): GameSnapshot {
  switch (event.type) {
    case 'PlayerJoined': {
      const { playerId, name, isAnonymous, team, elo, at } = event.data;
      const user: UserPresenceView = { id: playerId, name, isC: false, lsS: epochMs(at), isA: isAnonymous, ir: 0, team, ready: false, elo, points: 0 };
      return withTeamMember({ ...view, us: { ...view.us, [playerId]: user } }, playerId);
    }
    case 'PlayerLeft': {
      const { [event.data.playerId]: _left, ...us } = view.us;
      return { ...view, us, teams: withoutMember(view.teams, event.data.playerId) };
    }
    case 'HostChanged':
      return { ...view, host: event.data.hostId };
    case 'PlayerTeamChosen': {
      const moved = updateUser(view, event.data.playerId, () => ({ team: event.data.team }));
      return withTeamMember({ ...moved, teams: withoutMember(moved.teams, event.data.playerId) }, event.data.playerId);
    }
    case 'PlayerReadyChanged':
      return updateUser(view, event.data.playerId, () => ({ ready: event.data.ready }));
    case 'PlayerConnected':
      return updateUser(view, event.data.playerId, () => ({ isC: true, lsS: epochMs(event.data.at) }));
    case 'PlayerDisconnected':
      return updateUser(view, event.data.playerId, () => ({ isC: false, lsS: epochMs(event.data.at) }));
    case 'RoundPlanDrawn':
      // The plan never reaches a view: the hash in GameCreated is all a player learns before the end.
      return view;
    case 'GhostRecorded':
      // Only who the ghost is and where it comes from: its guesses reach the view as it places them.
      return { ...view, ghost: { playerId: event.data.playerId, sourceGameId: event.data.source.gameId, sourcePlayerId: event.data.source.playerId, sourceKind: event.data.source.kind ?? 'game' } };
    case 'GameLaunched':
      return { ...view, status: 'G' };
    case 'RoundStarting': {
      const { roundIndex, startsAt, target, targetCountryCode, panorama, movement } = event.data;
      const round: RoundView = {
        index: roundIndex,
        loc: target,
        targetCountryCode,
        pano: { url: panoramaPath(panorama.token), heading: servedHeading(panorama, movement ?? movementFor()), movement: movement ?? movementFor() },
        gus: {},
        startsAt,
        startedAt: null,
        crft: null,
        gatft: null,
        hidesAt: {},
        ended: false,
        endedAt: null,
        teamScores: null,
        damage: null,
      };
      return { ...view, status: 'SIN', cr: roundIndex, crft: null, gatft: null, rounds: [...view.rounds, round] };
    }
    case 'RoundStarted': {
      const { roundIndex, startedAt, crft } = event.data;
      return { ...updateRound(view, roundIndex, () => ({ startedAt, crft })), status: 'SED', crft };
    }
    case 'PlayerStartedViewing': {
      const { roundIndex, playerId, hidesAt } = event.data;
      return updateRound(view, roundIndex, (round) => ({ hidesAt: { ...round.hidesAt, [playerId]: hidesAt } }));
    }
    case 'GuessPlaced': {
      const { roundIndex, playerId, loc, r, isF } = event.data;
      const guess = { pId: playerId, loc, r, isF, points: null, distance: null, auto: false };
      return updateRound(view, roundIndex, (round) => ({ gus: { ...round.gus, [playerId]: guess } }));
    }
    case 'RoundTimedOut':
      return { ...updateRound(view, event.data.roundIndex, () => ({ gatft: event.data.gatft })), gatft: event.data.gatft };
    case 'RoundEnded':
      return roundEnded(view, event);
    case 'GameEnded': {
      const { reason, standings, winnerTeam, ratingChanges } = event.data;
      const cr = isDuel(view.gameT) ? view.cr : -1;
      return { ...view, status: 'G_ED', cr, crft: null, gatft: null, result: { reason, standings, winnerTeam, ratingChanges: ratingChanges ?? {} } };
    }
    case 'GameAbandoned':
      return { ...view, status: 'G_ABON', crft: null, gatft: null };
    case 'GameRestarted': {
      const us = Object.fromEntries(Object.entries(view.us).map(([id, user]) => [id, { ...user, ready: false, ir: 0, points: 0 }]));
      const teams = mapTeams(view.teams, (team) => ({ ...team, hp: team.s_hp }));
      return { ...view, status: 'C', cr: 0, crft: null, gatft: null, rounds: [], chat: [], result: null, us, teams };
    }
    case 'ChatMessagePosted': {
      const { messageId, playerId, name, text, at } = event.data;
      return { ...view, chat: [...view.chat, { id: messageId, uid: playerId, name, text, at }].slice(-CHAT_VIEW_LIMIT) };
    }
    default:
      return assertNever(event);
  }
}

/** The round's answers join the view: the target, every result (markers made final), scores and hit points. */
function roundEnded(view: GameSnapshot, event: GameEventOf<'RoundEnded'>): GameSnapshot {
  const { roundIndex, target, targetCountryCode, results, teamScores, damage, hp, ir, endedAt } = event.data;
  const gus: RoundView['gus'] = {};
  for (const [pId, result] of Object.entries(results)) {
    if (result.loc) gus[pId] = { pId, loc: result.loc, r: result.r, isF: true, points: result.points, distance: result.distance, auto: result.auto };
  }
  const ended = updateRound(view, roundIndex, () => ({ loc: target, targetCountryCode, gus, ended: true, endedAt: epochMs(endedAt), teamScores, damage }));
  const us = Object.fromEntries(
    Object.entries(ended.us).map(([id, user]) => [id, { ...user, ir: ir[id] ?? user.ir, points: user.points + (results[id]?.points ?? 0) }]),
  );
  const teams = hp ? mapTeams(ended.teams, (team, id) => ({ ...team, hp: hp[id] ?? team.hp })) : ended.teams;
  return { ...ended, status: 'R_ED', crft: null, gatft: null, us, teams };
}

function updateUser(view: GameSnapshot, playerId: string, change: (user: UserPresenceView) => Partial<UserPresenceView>): GameSnapshot {
  const user = view.us[playerId];
  return user ? { ...view, us: { ...view.us, [playerId]: { ...user, ...change(user) } } } : view;
}

function updateRound(view: GameSnapshot, index: number, change: (round: RoundView) => Partial<RoundView>): GameSnapshot {
  return { ...view, rounds: view.rounds.map((round) => (round.index === index ? { ...round, ...change(round) } : round)) };
}

function mapTeams(teams: GameSnapshot['teams'], change: (team: TeamView, id: TeamId) => TeamView): GameSnapshot['teams'] {
  if (!teams) return null;
  const result: Partial<Record<TeamId, TeamView>> = {};
  for (const [id, team] of Object.entries(teams) as Array<[TeamId, TeamView]>) result[id] = change(team, id);
  return result as Record<TeamId, TeamView>;
}

function withTeamMember(view: GameSnapshot, playerId: string): GameSnapshot {
  const user = view.us[playerId];
  if (!user?.team) return view;
  const { id, name } = user;
  return { ...view, teams: mapTeams(view.teams, (team, teamId) => (teamId === user.team ? { ...team, p: { ...team.p, [id]: { id, name } } } : team)) };
}

function withoutMember(teams: GameSnapshot['teams'], playerId: string): GameSnapshot['teams'] {
  return mapTeams(teams, (team) => {
    const { [playerId]: _gone, ...p } = team.p;
    return { ...team, p };
  });
}
