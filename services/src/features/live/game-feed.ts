import type { GameChange, GameChanged, GameEvent, GameView } from '@globetrail/contracts';
import { type FullGameView, type GameSnapshot, projectGameView } from '../../domain/game/game-view.js';
import { changesBetween } from '../../domain/game/view-changes.js';
import { spectatorSnapshot, viewFor, viewOf } from '../../domain/game/view-filter.js';

/** What one event sends, each message encoded once for its audience (docs/live.md). */
export interface Outgoing {
  /** To every player (and with `withSpectators` every spectator) except the players in `except`. */
  shared: { message: GameChanged; except: readonly string[]; withSpectators: boolean } | null;
  /** To one player's sockets each: what they see differently (their own guess, reveals). */
  own: ReadonlyArray<{ playerId: string; message: GameChanged }>;
  /** To the spectators, when their delayed view moves and it is not the shared message. */
  spectators: GameChanged | null;
}

const NOTHING: Outgoing = { shared: null, own: [], spectators: null };

/**
 * One live game as the gateway keeps it: the full view, moved on one event at a time, and the message
 * chains of its audiences. Players share one chain, `lastShared` (every player gets a message for every
 * event that changes what the others see, the shared one or their own); a player's own messages between
 * (their marker moves) chain on `lastOwn`. Spectators see the game `delayPhases` phases late: the shared
 * changes of each event wait in `pending` until their snapshot is released.
 *
 * A message's `from` is the version of the last message its receiver was sent on that chain, so any view
 * the receiver holds from then on takes it, and a receiver that missed one sees a gap.
 */
export class GameFeed {
  private lastShared: number;
  private readonly lastOwn = new Map<string, number>();
  private released: number;
  private releasedSnapshot: GameSnapshot;
  private pending: Array<{ v: number; changes: GameChange[] }> = [];

  constructor(
    readonly gameId: string,
    private current: FullGameView,
    private readonly delayPhases: number,
  ) {
    this.lastShared = current.live.version;
    this.releasedSnapshot = spectatorSnapshot(current, delayPhases);
    this.released = this.releasedSnapshot.version;
  }

  get full(): FullGameView {
    return this.current;
  }

  get version(): number {
    return this.current.live.version;
  }

  /** A player's whole view (JoinGame, SyncGame). */
  playerView(playerId: string, now: number): GameView {
    return viewFor(this.current, { playerId }, now);
  }

  /** The spectators' whole view: the snapshot last released to them, or a later one that changes nothing for them. */
  spectatorView(now: number): GameView {
    const snapshot = spectatorSnapshot(this.current, this.delayPhases);
    return viewOf(snapshot.version >= this.released ? snapshot : this.releasedSnapshot, null, now);
  }

  /** Moves on by the event at `revision` (the next one); what to send whom. */
  apply(event: GameEvent, revision: number, now: number): Outgoing {
    const before = this.current;
    const after = projectGameView(before, event, revision);
    if (after === before) return NOTHING;
    this.current = after;
    const { shared, own } = changesBetween(before.live, after.live);
    const message = (from: number, c: GameChange[]): GameChanged => ({ gameId: this.gameId, from, v: revision, now, c });

    const ownMessages: Array<{ playerId: string; message: GameChanged }> = [];
    for (const [playerId, changes] of own) {
      ownMessages.push({ playerId, message: message(Math.max(this.lastShared, this.lastOwn.get(playerId) ?? -1), changes) });
      this.lastOwn.set(playerId, revision);
    }
    let sharedOut: Outgoing['shared'] = null;
    if (shared) {
      sharedOut = { message: message(this.lastShared, shared), except: [...own.keys()], withSpectators: false };
      this.lastShared = revision;
      this.pending.push({ v: revision, changes: shared });
    }

    let spectators: GameChanged | null = null;
    const snapshot = spectatorSnapshot(after, this.delayPhases);
    if (snapshot.version > this.released) {
      const due = this.pending.filter((entry) => entry.v <= snapshot.version);
      if (due.length > 0) {
        this.pending = this.pending.filter((entry) => entry.v > snapshot.version);
        if (sharedOut && due.length === 1 && due[0]!.v === revision && sharedOut.message.from === this.released) sharedOut.withSpectators = true;
        else spectators = { gameId: this.gameId, from: this.released, v: snapshot.version, now, c: due.flatMap((entry) => entry.changes) };
        this.released = snapshot.version;
        this.releasedSnapshot = snapshot;
      }
    }
    return { shared: sharedOut, own: ownMessages, spectators };
  }
}
