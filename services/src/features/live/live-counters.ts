import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ARENA_ID, type Counters, LOBBY_ID } from '@globetrail/contracts';
import { CLOCK } from '../../app/tokens.js';
import type { Clock } from '../../platform/time/clock.js';
import { RoomPresence } from './room-presence.js';

/** How often counts are re-checked for players whose 75 s window ran out. */
const PRUNE_EVERY_MS = 5_000;

/** Players in the arena (queue or match) and in the duels lobby, and a signal when those numbers change. */
@Injectable()
export class LiveCounters implements OnModuleDestroy {
  private readonly presence = new RoomPresence();
  private readonly listeners = new Set<(counters: Counters & { version: number }) => void>();
  private last: Counters = { arena: 0, lobby: 0 };
  private version = 0;
  private readonly pruner: NodeJS.Timeout;

  constructor(@Inject(CLOCK) private readonly clock: Clock) {
    this.pruner = setInterval(() => {
      if (this.presence.prune(this.clock.now())) this.changed();
    }, PRUNE_EVERY_MS).unref();
  }

  enter(room: typeof ARENA_ID | typeof LOBBY_ID, uid: string): void {
    this.presence.enter(room, uid, this.clock.now());
    this.changed();
  }

  leave(room: typeof ARENA_ID | typeof LOBBY_ID, uid: string): void {
    this.presence.leave(room, uid, this.clock.now());
    this.changed();
  }

  current(): Counters {
    const now = this.clock.now();
    return { arena: this.presence.count(ARENA_ID, now), lobby: this.presence.count(LOBBY_ID, now) };
  }

  onChange(listener: (counters: Counters & { version: number }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onModuleDestroy(): void {
    clearInterval(this.pruner);
  }

  private changed(): void {
    const next = this.current();
    if (next.arena === this.last.arena && next.lobby === this.last.lobby) return;
    this.last = next;
    this.version += 1;
    for (const listener of this.listeners) listener({ ...next, version: this.version });
  }
}
