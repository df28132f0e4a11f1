import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { ARENA_ID, type Counters, LOBBY_ID } from '@globetrail/contracts';
import { z } from 'zod';
import { CLOCK, PRESENCE_BUS } from '../../app/tokens.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import type { Clock } from '../../platform/time/clock.js';
import { RoomPresence } from './room-presence.js';

/** How often counts are re-checked for players whose 75 s window ran out. */
const PRUNE_EVERY_MS = 5_000;
/** How often a replica repeats who is in its rooms, and how long others trust what it said. */
export const PRESENCE_HEARTBEAT_MS = 10_000;
export const PRESENCE_TTL_MS = 3 * PRESENCE_HEARTBEAT_MS;
export const PRESENCE_TOPIC = 'presence';

const snapshotSchema = z.object({ origin: z.string().min(1), arena: z.array(z.string()), lobby: z.array(z.string()) });
type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * Players in the arena (queue or match) and in the duels lobby, and a signal when those numbers change.
 * Each process knows its own sockets; on the full stack (PRESENCE_BUS: Kafka) every replica also tells the
 * others who is in its rooms — at each change and every 10 s — and counts the union of what it heard, so
 * every replica shows the same numbers, an API replica with no sockets included. A replica that stops
 * talking is forgotten after 30 s.
 */
@Injectable()
export class LiveCounters implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('live-counters');
  private readonly presence = new RoomPresence();
  private readonly origin = randomUUID();
  private readonly remote = new Map<string, { snapshot: Snapshot; expiresAt: number }>();
  private readonly listeners = new Set<(counters: Counters & { version: number }) => void>();
  private last: Counters = { arena: 0, lobby: 0 };
  private version = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  private subscription: BusSubscription | null = null;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(PRESENCE_BUS) private readonly bus: MessageBus | null = null,
  ) {
    this.timers.push(
      setInterval(() => {
        if (this.presence.prune(this.clock.now()) || this.forgetSilent()) this.changed();
      }, PRUNE_EVERY_MS).unref(),
    );
  }

  async onModuleInit(): Promise<void> {
    if (!this.bus) return;
    const bus = this.bus;
    this.subscription = await bus.subscribe(PRESENCE_TOPIC, { groupId: `presence-${this.origin}` }, async (message) => {
      const snapshot = snapshotSchema.parse(message.value);
      if (snapshot.origin === this.origin) return;
      this.remote.set(snapshot.origin, { snapshot, expiresAt: this.clock.now() + PRESENCE_TTL_MS });
      this.changed(false);
    });
    this.timers.push(setInterval(() => void this.tell(), PRESENCE_HEARTBEAT_MS).unref());
    await this.tell();
  }

  enter(room: typeof ARENA_ID | typeof LOBBY_ID, uid: string): void {
    this.presence.enter(room, uid, this.clock.now());
    this.changed();
  }

  /** See RoomPresence.leave: a dropped connection still counts for a while, a player who left does not. */
  leave(room: typeof ARENA_ID | typeof LOBBY_ID, uid: string, how: 'left' | 'dropped' = 'dropped'): void {
    this.presence.leave(room, uid, this.clock.now(), how);
    this.changed();
  }

  current(): Counters {
    const now = this.clock.now();
    const count = (room: typeof ARENA_ID | typeof LOBBY_ID) => {
      const players = new Set(this.presence.present(room, now));
      for (const { snapshot, expiresAt } of this.remote.values()) if (expiresAt > now) for (const uid of snapshot[room]) players.add(uid);
      return players.size;
    };
    return { arena: count(ARENA_ID), lobby: count(LOBBY_ID) };
  }

  onChange(listener: (counters: Counters & { version: number }) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async onModuleDestroy(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.subscription?.stop();
  }

  /** Forgets replicas not heard from within the TTL; true when one was forgotten. */
  private forgetSilent(): boolean {
    const now = this.clock.now();
    let forgot = false;
    for (const [origin, { expiresAt }] of this.remote) {
      if (expiresAt <= now) {
        this.remote.delete(origin);
        forgot = true;
      }
    }
    return forgot;
  }

  /** Tells the other replicas who is in this one's rooms (at each change, and every 10 s). */
  async tell(): Promise<void> {
    if (!this.bus) return;
    const now = this.clock.now();
    const snapshot: Snapshot = { origin: this.origin, arena: this.presence.present(ARENA_ID, now), lobby: this.presence.present(LOBBY_ID, now) };
    try {
      await this.bus.publish(PRESENCE_TOPIC, [{ key: this.origin, value: snapshot }]);
    } catch (error) {
      this.logger.warn(`could not share this replica's presence: ${(error as Error).message}`);
    }
  }

  /** Signals a change of the counts; a local change is also told to the other replicas. */
  private changed(local = true): void {
    if (local) void this.tell();
    const next = this.current();
    if (next.arena === this.last.arena && next.lobby === this.last.lobby) return;
    this.last = next;
    this.version += 1;
    for (const listener of this.listeners) listener({ ...next, version: this.version });
  }
}
