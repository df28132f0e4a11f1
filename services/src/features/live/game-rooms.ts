import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type GameEvent, isGameEvent, streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, CLOCK, EVENT_STORE, MESSAGE_BUS, METRICS } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import { KeyedQueue } from '../../platform/concurrency/keyed-queue.js';
import type { EventStore } from '../../platform/event-store/event-store.port.js';
import { toDomainEvent } from '../../platform/event-store/domain-event.js';
import type { Clock } from '../../platform/time/clock.js';
import { consumeEvents } from '../../process-managers/game-events.js';
import { readGame } from '../games/read-game.js';
import { GameFeed, type Outgoing } from './game-feed.js';

type Listener = (gameId: string, outgoing: Outgoing) => void;

/**
 * Every game somebody is watching, kept in memory by the gateway as a GameFeed: the full view moved on one
 * event at a time, and what each event sends whom. A command run here hands its events over as soon as they
 * are stored (`appended`); events written elsewhere (the round timers, another process) arrive relayed by
 * the bus. The bus delivers at most once per group, so a gap (an event after a missing one) is filled from
 * the event store. Changes to one game are applied one at a time, in revision order.
 */
@Injectable()
export class GameRooms implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('game-rooms');
  private readonly feeds = new Map<string, GameFeed>();
  private readonly watchers = new Map<string, number>();
  private readonly queue = new KeyedQueue();
  private readonly listeners = new Set<Listener>();
  private readonly endedListeners = new Set<(gameId: string) => void>();
  private readonly relayedListeners = new Set<(gameId: string, event: ReturnType<typeof toDomainEvent>) => void>();
  private subscription: BusSubscription | null = null;
  private stopHearing: (() => void) | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly executor: CommandExecutor,
  ) {}

  async onModuleInit(): Promise<void> {
    // Events appended by commands run in this process (players', the round timers', the matchmaker's) reach
    // the feeds at once; the bus's copies of them are then passed over unparsed.
    this.stopHearing = this.executor.onAppended((stream, events, revision) => {
      if (!stream.startsWith('game-')) return;
      const gameId = stream.slice('game-'.length);
      if (this.feeds.has(gameId)) void this.appended(gameId, events.filter(isGameEvent), revision).catch((error: Error) => this.logger.warn(`game-${gameId}: ${error.message}`));
    });
    // Every gateway instance sees every event: its own consumer group.
    this.subscription = await consumeEvents(
      this.bus,
      `gateway-${randomUUID()}`,
      ['game'],
      async ({ streamId, revision, event, createdAt }) => {
        if (!isGameEvent(event)) return;
        const gameId = streamId.slice('game-'.length);
        for (const listener of this.relayedListeners) listener(gameId, event);
        if (!this.feeds.has(gameId)) return;
        await this.queue.run(gameId, async () => {
          const feed = this.feeds.get(gameId);
          // Already applied: a command's answer handed it over first.
          if (!feed || Number(revision) <= feed.version) return;
          if (Number(revision) === feed.version + 1) this.publish(gameId, feed.apply(event, Number(revision), this.clock.now()));
          else await this.catchUp(gameId, feed);
          this.metrics.pushSeconds.observe(Math.max(0, Date.now() - createdAt.getTime()) / 1000);
        });
      },
      // Events a command here already applied are passed over unparsed (the arena still hears of every new game).
      { known: (streamId, revision) => revision !== '0' && Number(revision) <= (this.feeds.get(streamId.slice('game-'.length))?.version ?? -1) },
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopHearing?.();
    await this.subscription?.stop();
  }

  /** Starts keeping a game (once per watcher); null when the game does not exist. */
  async watch(gameId: string): Promise<GameFeed | null> {
    this.watchers.set(gameId, (this.watchers.get(gameId) ?? 0) + 1);
    const feed = await this.current(gameId);
    if (!feed) this.unwatch(gameId);
    return feed;
  }

  unwatch(gameId: string): void {
    const remaining = (this.watchers.get(gameId) ?? 0) - 1;
    if (remaining > 0) return void this.watchers.set(gameId, remaining);
    this.watchers.delete(gameId);
    this.feeds.delete(gameId);
  }

  /** The game with every event stored so far (read from the store when a feed is new or behind). */
  current(gameId: string): Promise<GameFeed | null> {
    return this.queue.run(gameId, async () => {
      const feed = this.feeds.get(gameId);
      if (feed) {
        await this.catchUp(gameId, feed);
        return feed;
      }
      const full = await readGame(this.events, gameId, null, (type) => this.logger.warn(`game-${gameId} holds a ${type}`));
      if (!full) return null;
      const created = new GameFeed(gameId, full, this.config.spectatorDelayPhases);
      if (this.watchers.has(gameId)) this.feeds.set(gameId, created);
      return created;
    });
  }

  /**
   * The events a command here just stored, `lastRevision` being the last one's: applied at once, without a
   * read, when they follow what the feed holds; from the store otherwise.
   */
  appended(gameId: string, events: readonly GameEvent[], lastRevision: bigint | null): Promise<void> {
    if (!this.feeds.has(gameId) || lastRevision === null) return Promise.resolve();
    return this.queue.run(gameId, async () => {
      const feed = this.feeds.get(gameId);
      if (!feed || Number(lastRevision) <= feed.version) return;
      const first = Number(lastRevision) - events.length + 1;
      if (first !== feed.version + 1) return this.catchUp(gameId, feed);
      const now = this.clock.now();
      events.forEach((event, n) => this.applied(gameId, event, feed.apply(event, first + n, now)));
    });
  }

  /** Called with what every event of a watched game sends. */
  onUpdate(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every relayed game event, watched or not (the arena notices new matches this way). */
  onRelayed(listener: (gameId: string, event: ReturnType<typeof toDomainEvent>) => void): () => void {
    this.relayedListeners.add(listener);
    return () => this.relayedListeners.delete(listener);
  }

  /** Called once a watched game is over (its end applied to its feed), before anyone is told. */
  onEnded(listener: (gameId: string) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private applied(gameId: string, event: GameEvent, outgoing: Outgoing): void {
    if (event.type === 'GameEnded' || event.type === 'GameAbandoned') for (const listener of this.endedListeners) listener(gameId);
    this.publish(gameId, outgoing);
  }

  private publish(gameId: string, outgoing: Outgoing): void {
    if (!outgoing.shared && outgoing.own.length === 0 && !outgoing.spectators) return;
    for (const listener of this.listeners) listener(gameId, outgoing);
  }

  /** Applies every event stored after the feed's version, one at a time. */
  private async catchUp(gameId: string, feed: GameFeed): Promise<void> {
    const now = this.clock.now();
    for (const recorded of await this.events.readStream(streamName.game(gameId), { fromRevision: BigInt(feed.version + 1) })) {
      const event = toDomainEvent(recorded);
      if (!isGameEvent(event)) {
        this.logger.warn(`game-${gameId} holds a ${event.type}`);
        continue;
      }
      if (Number(recorded.revision) > feed.version) this.applied(gameId, event, feed.apply(event, Number(recorded.revision), now));
    }
  }

}
