import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type GameEvent, isGameEvent, streamName } from '@globetrail/contracts';
import { EVENT_STORE, MESSAGE_BUS, METRICS } from '../../app/tokens.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { type FullGameView, projectGameView } from '../../domain/game/game-view.js';
import { seenOnlyBy } from '../../domain/game/view-filter.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import { KeyedQueue } from '../../platform/concurrency/keyed-queue.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';
import { consumeEvents } from '../../process-managers/game-events.js';

/** `onlyFor`: the single player who can see the change (others' views stay as they were), or null. */
type Listener = (gameId: string, full: FullGameView, onlyFor: string | null) => void;

/**
 * The live view of every game somebody is watching, kept in memory by the gateway. Relayed events move a
 * view on; the bus delivers at most once per group, so a gap (an event after a missing one) or a view
 * that must be current (a command's answer) is filled from the event store. Changes to one game are
 * applied one at a time, in revision order.
 */
@Injectable()
export class GameRooms implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('game-rooms');
  private readonly views = new Map<string, FullGameView>();
  private readonly watchers = new Map<string, number>();
  private readonly queue = new KeyedQueue();
  private readonly listeners = new Set<Listener>();
  private readonly relayedListeners = new Set<(gameId: string, event: ReturnType<typeof toDomainEvent>) => void>();
  private subscription: BusSubscription | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(METRICS) private readonly metrics: Metrics,
  ) {}

  async onModuleInit(): Promise<void> {
    // Every gateway instance sees every event: its own consumer group.
    this.subscription = await consumeEvents(this.bus, `gateway-${randomUUID()}`, ['game'], async ({ streamId, revision, event, createdAt }) => {
      if (!isGameEvent(event)) return;
      const gameId = streamId.slice('game-'.length);
      for (const listener of this.relayedListeners) listener(gameId, event);
      if (!this.views.has(gameId)) return;
      await this.queue.run(gameId, async () => {
        const view = this.views.get(gameId);
        // Already in the view: a command's answer read it from the store first.
        if (!view || Number(revision) <= view.live.version) return;
        if (Number(revision) === view.live.version + 1) this.update(gameId, projectGameView(view, event, Number(revision)), [event]);
        else this.update(gameId, ...(await this.readNewer(gameId, view)));
        this.metrics.pushSeconds.observe(Math.max(0, Date.now() - createdAt.getTime()) / 1000);
      });
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  /** Starts keeping a game's view (once per watcher); null when the game does not exist. */
  async watch(gameId: string): Promise<FullGameView | null> {
    this.watchers.set(gameId, (this.watchers.get(gameId) ?? 0) + 1);
    const view = await this.current(gameId);
    if (!view) this.unwatch(gameId);
    return view;
  }

  unwatch(gameId: string): void {
    const remaining = (this.watchers.get(gameId) ?? 0) - 1;
    if (remaining > 0) return void this.watchers.set(gameId, remaining);
    this.watchers.delete(gameId);
    this.views.delete(gameId);
  }

  /** The view including every event stored so far (after a command, for its answer). */
  current(gameId: string): Promise<FullGameView | null> {
    return this.queue.run(gameId, async () => {
      const [next, applied] = await this.readNewer(gameId, this.views.get(gameId) ?? null);
      if (this.watchers.has(gameId)) this.update(gameId, next, applied);
      return next;
    });
  }

  /** Called whenever a watched game's view moves on. */
  onUpdate(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every relayed game event, watched or not (the arena notices new matches this way). */
  onRelayed(listener: (gameId: string, event: ReturnType<typeof toDomainEvent>) => void): () => void {
    this.relayedListeners.add(listener);
    return () => this.relayedListeners.delete(listener);
  }

  private update(gameId: string, next: FullGameView | null, applied: readonly GameEvent[]): void {
    const previous = this.views.get(gameId);
    if (!next || (previous && next.live.version <= previous.live.version)) return;
    this.views.set(gameId, next);
    const onlyFor = previous ? seenOnlyBy(previous, applied) : null;
    for (const listener of this.listeners) listener(gameId, next, onlyFor);
  }

  private async readNewer(gameId: string, view: FullGameView | null): Promise<[FullGameView | null, GameEvent[]]> {
    const from = view ? BigInt(view.live.version + 1) : 'start';
    let next = view;
    const applied: GameEvent[] = [];
    for (const recorded of await this.events.readStream(streamName.game(gameId), { fromRevision: from })) {
      const event = toDomainEvent(recorded);
      if (!isGameEvent(event)) {
        this.logger.warn(`game-${gameId} holds a ${event.type}`);
        continue;
      }
      next = projectGameView(next, event, Number(recorded.revision));
      applied.push(event);
    }
    return [next, applied];
  }
}
