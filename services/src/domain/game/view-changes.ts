import type { GameChange, GuessView, RoundView, TeamId, TeamView, UserPresenceView } from '@globetrail/contracts';
import type { GameSnapshot } from './game-view.js';
import { answerBlind, hasGuessed } from './view-filter.js';

/**
 * What one event changed, for each audience: `shared` is what everyone who is not named in `own` sees
 * (the other players and live spectators: the view of a non-player), `own` what a player whose view moved
 * differently sees instead (their own guess, and with `sga` the confirmed guesses a confirmed player may
 * see). `shared` null: nobody but the players in `own` sees anything change.
 */
export interface ChangeSet {
  shared: GameChange[] | null;
  own: ReadonlyMap<string, GameChange[]>;
}

const NOTHING: ChangeSet = { shared: null, own: new Map() };

const GAME_FIELDS = ['status', 'cr', 'crft', 'gatft', 'host', 'result', 'ghost'] as const;

/**
 * The changes between two consecutive snapshots of a game (one event apart), as each audience may see
 * them: the same filtering as `viewFor` (view-filter.ts), worked out only on what the event touched. The
 * projection keeps every part it did not change by reference, so this looks at the changed parts only.
 *
 * For every audience, the view of `before` with these changes applied (applyGameChange) equals the view of
 * `after`; game-view-changes.test.ts checks this for random games in every mode.
 */
export function changesBetween(before: GameSnapshot, after: GameSnapshot): ChangeSet {
  if (before === after) return NOTHING;
  const base: GameChange[] = [];
  gameFieldChanges(before, after, base);
  userChanges(before, after, base);
  teamChanges(before, after, base);
  chatChanges(before, after, base);

  const overAfter = isOver(after);
  const sharedGuesses: GameChange[] = [];
  const ownGuesses = new Map<string, GameChange[]>();
  if (after.rounds.length === 0) {
    if (before.rounds.length > 0) base.push({ k: 'game', set: { rounds: [] } });
  } else if (after.rounds !== before.rounds || overAfter !== isOver(before)) {
    const previous = new Map(before.rounds.map((round) => [round.index, round]));
    for (const round of after.rounds) {
      const old = previous.get(round.index);
      if (old === round && overAfter === isOver(before)) continue;
      const visibleNow = overAfter || round.ended;
      if (!old) {
        base.push({ k: 'round', round: visibleNow ? round : answerBlind(round, null, after.sga) });
        continue;
      }
      if (visibleNow) {
        // Ended now, or revealed by the game's end: the whole round, the same for everyone.
        if (old !== round || !(isOver(before) || old.ended)) base.push({ k: 'round', round });
        continue;
      }
      roundFieldChanges(old, round, base);
      guessChanges(after, old, round, sharedGuesses, ownGuesses);
    }
  }

  const shared = base.length > 0 || sharedGuesses.length > 0 ? [...base, ...sharedGuesses] : null;
  const own = new Map<string, GameChange[]>();
  for (const [playerId, guesses] of ownGuesses) {
    // The guesses everyone sees that this player sees no differently.
    const mine = new Set(guesses.map((change) => guessKey(change)));
    own.set(playerId, [...base, ...guesses, ...sharedGuesses.filter((change) => !mine.has(guessKey(change)))]);
  }
  return { shared, own };
}

const guessKey = (change: GameChange) => (change.k === 'guess' ? `${change.i}:${change.g.pId}` : '');

const isOver = (snapshot: GameSnapshot) => snapshot.status === 'G_ED' || snapshot.status === 'G_ABON';

function gameFieldChanges(before: GameSnapshot, after: GameSnapshot, changes: GameChange[]): void {
  let set: Partial<Pick<GameSnapshot, (typeof GAME_FIELDS)[number]>> | null = null;
  for (const field of GAME_FIELDS) {
    if (before[field] !== after[field]) (set ??= {})[field] = after[field] as never;
  }
  if (set) changes.push({ k: 'game', set });
}

function userChanges(before: GameSnapshot, after: GameSnapshot, changes: GameChange[]): void {
  if (before.us === after.us) return;
  for (const [id, user] of Object.entries(after.us)) {
    const old = before.us[id];
    if (old !== user && !(old && sameUser(old, user))) changes.push({ k: 'user', id, user });
  }
  for (const id of Object.keys(before.us)) if (!(id in after.us)) changes.push({ k: 'user', id, user: null });
}

function sameUser(a: UserPresenceView, b: UserPresenceView): boolean {
  return (
    a.id === b.id && a.name === b.name && a.isC === b.isC && a.lsS === b.lsS && a.isA === b.isA && a.ir === b.ir && a.team === b.team && a.ready === b.ready && a.elo === b.elo && a.points === b.points
  );
}

function teamChanges(before: GameSnapshot, after: GameSnapshot, changes: GameChange[]): void {
  if (before.teams === after.teams || !after.teams) return;
  for (const [id, team] of Object.entries(after.teams) as Array<[TeamId, TeamView]>) {
    const old = before.teams?.[id];
    if (old !== team && !(old && sameTeam(old, team))) changes.push({ k: 'team', id, team });
  }
}

function sameTeam(a: TeamView, b: TeamView): boolean {
  if (a.hp !== b.hp || a.s_hp !== b.s_hp) return false;
  const members = Object.keys(b.p);
  return members.length === Object.keys(a.p).length && members.every((id) => a.p[id]?.name === b.p[id]!.name);
}

function chatChanges(before: GameSnapshot, after: GameSnapshot, changes: GameChange[]): void {
  if (before.chat === after.chat) return;
  if (after.chat.length === 0) return void changes.push({ k: 'game', set: { chat: [] } });
  const known = new Set(before.chat.map((message) => message.id));
  for (const message of after.chat) if (!known.has(message.id)) changes.push({ k: 'chat', m: message });
}

const ROUND_FIELDS = ['startedAt', 'crft', 'gatft', 'hidesAt'] as const;

/** A round nobody may see whole yet: its fields as a non-player sees them (the target never). */
function roundFieldChanges(old: RoundView, round: RoundView, changes: GameChange[]): void {
  let set: Partial<Pick<RoundView, (typeof ROUND_FIELDS)[number] | 'pano'>> | null = null;
  for (const field of ROUND_FIELDS) {
    if (old[field] !== round[field]) (set ??= {})[field] = round[field] as never;
  }
  // The picture shows from the round's start on.
  const oldPano = old.startedAt === null ? null : old.pano;
  const pano = round.startedAt === null ? null : round.pano;
  if (oldPano !== pano) (set ??= {}).pano = pano;
  if (set) changes.push({ k: 'roundSet', i: round.index, set });
}

/**
 * Guesses of a round still being played. Everyone sees another player's guess as "has guessed"; its owner
 * sees it whole; with `sga`, a player who has confirmed sees the others' confirmed guesses whole, those
 * confirmed before them at the moment they confirm.
 */
function guessChanges(after: GameSnapshot, old: RoundView, round: RoundView, shared: GameChange[], own: Map<string, GameChange[]>): void {
  if (old.gus === round.gus) return;
  const add = (playerId: string, change: GameChange) => {
    const list = own.get(playerId);
    if (list) list.push(change);
    else own.set(playerId, [change]);
  };
  for (const [playerId, guess] of Object.entries(round.gus)) {
    const previous = old.gus[playerId];
    if (previous === guess) continue;
    if (playerId in after.us) add(playerId, { k: 'guess', i: round.index, g: guess });
    const hidden = hasGuessed(guess);
    if (previous && sameGuess(hasGuessed(previous), hidden)) continue;
    shared.push({ k: 'guess', i: round.index, g: hidden });
    if (!after.sga || !guess.isF) continue;
    // Players who confirmed earlier see this confirmed guess whole.
    for (const [otherId, other] of Object.entries(round.gus)) {
      if (otherId !== playerId && other.isF && old.gus[otherId]?.isF && otherId in after.us) add(otherId, { k: 'guess', i: round.index, g: guess });
    }
    // The one who confirmed now sees every guess confirmed before theirs.
    if (!previous?.isF && playerId in after.us) {
      for (const [otherId, other] of Object.entries(round.gus)) if (otherId !== playerId && other.isF) add(playerId, { k: 'guess', i: round.index, g: other });
    }
  }
}

function sameGuess(a: GuessView, b: GuessView): boolean {
  return a.isF === b.isF && a.loc === b.loc && a.r === b.r;
}
