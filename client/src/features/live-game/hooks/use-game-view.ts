import { hasHitPoints, type GameView, type RoundView, type TeamId, type UserPresenceView } from '@globetrail/contracts';
import { useMemo } from 'react';

export interface PlayerEntry extends UserPresenceView {
  isHost: boolean;
  isMe: boolean;
  /** Colour index for markers and circles: 0 (the brand red) is always the viewer's own. */
  tone: number;
}

export interface GameModel {
  view: GameView;
  /** The viewer's player id, or null for a spectator. */
  me: string | null;
  isPlayer: boolean;
  isHost: boolean;
  players: PlayerEntry[];
  byId: ReadonlyMap<string, PlayerEntry>;
  myTeam: TeamId | null;
  /** The round being played or shown (null before the first one and after a counted game's last). */
  round: RoundView | null;
  /** The latest round there is, for screens shown after `cr` went to −1. */
  lastRound: RoundView | null;
  hitPoints: boolean;
}

function findRound(view: GameView, index: number): RoundView | null {
  return view.rounds.find((round) => round.index === index) ?? null;
}

export function buildGameModel(view: GameView): GameModel {
  const me = view.viewer.role === 'player' ? view.viewer.playerId : null;
  let nextTone = 1;
  const ghostId = view.ghost?.playerId ?? null;
  const players = Object.values(view.us).map((user) => ({
    ...user,
    // A ghost duel's opponent is a recording: marked wherever its name shows.
    name: user.id === ghostId ? ghostName(user.name) : user.name,
    isHost: user.id === view.host,
    isMe: user.id === me,
    tone: user.id === me ? 0 : nextTone++,
  }));
  const byId = new Map(players.map((player) => [player.id, player]));
  const round = view.cr >= 0 ? findRound(view, view.cr) : null;
  const lastRound = view.rounds.reduce<RoundView | null>((latest, item) => (latest === null || item.index > latest.index ? item : latest), null);
  return {
    view,
    me,
    isPlayer: me !== null,
    isHost: me !== null && me === view.host,
    players,
    byId,
    myTeam: me ? (byId.get(me)?.team ?? null) : null,
    round,
    lastRound,
    hitPoints: hasHitPoints(view.gameT),
  };
}

export function useGameModel(view: GameView): GameModel {
  return useMemo(() => buildGameModel(view), [view]);
}

/** How a ghost's name shows: the recorded player's name and a ghost, in any language. */
export const ghostName = (name: string) => `${name} 👻`;

/** A player's shown name, also for ids that left the game (their guesses and standings remain). */
export function nameOf(model: GameModel, id: string, fallback: string): string {
  const known = model.byId.get(id)?.name;
  if (known) return known;
  for (const team of Object.values(model.view.teams ?? {})) {
    const member = team.p[id];
    if (member) return id === model.view.ghost?.playerId ? ghostName(member.name) : member.name;
  }
  return fallback;
}

/** Players on one side (hit-point modes), the team's own list first, presence data where known. */
export function teamMembers(model: GameModel, team: TeamId): { id: string; name: string; isA: boolean; isMe: boolean }[] {
  const listed = model.view.teams?.[team]?.p ?? {};
  const ids = new Set([...Object.keys(listed), ...model.players.filter((player) => player.team === team).map((player) => player.id)]);
  return [...ids].map((id) => {
    const presence = model.byId.get(id);
    const listedName = listed[id]?.name;
    return { id, name: presence?.name ?? (listedName && id === model.view.ghost?.playerId ? ghostName(listedName) : (listedName ?? '')), isA: presence?.isA ?? true, isMe: id === model.me };
  });
}

export const otherTeam = (team: TeamId): TeamId => (team === '0' ? '1' : '0');
