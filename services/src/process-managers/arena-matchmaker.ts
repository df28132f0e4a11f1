import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LIVE, streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../app/command-executor.js';
import { randomBytes } from 'node:crypto';
import { CLOCK, IMAGERY, MAP_CATALOG, MESSAGE_BUS } from '../app/tokens.js';
import { RecentPictures } from './recent-pictures.js';
import type { RoundPlan } from '../domain/arena/round-plan.js';
import { countryAt } from '../domain/country.js';
import { planRound } from '../features/solo/round-planner.js';
import type { ImageryRegistry } from '../imagery/imagery-registry.js';
import { arenaDecider } from '../domain/arena/arena.decider.js';
import { gameDecider } from '../domain/game/game.decider.js';
import type { JoiningPlayer } from '../domain/game/game.commands.js';
import { DEFAULT_MAP_ID, type GameMap, type MapCatalog } from '../maps/map-catalog.js';
import type { BusSubscription, MessageBus } from '../platform/bus/message-bus.port.js';
import type { Clock } from '../platform/time/clock.js';
import { TimerScheduler } from '../platform/time/timer-scheduler.js';
import { consumeEvents, runOwed } from './game-events.js';

/** The one arena queue (route game/arena). */
export const ARENA_QUEUE = 'main';
const TICK_MS = 1_000;

/** Settings of a ranked duel: the defaults of docs/live-games.md. */
export const ARENA_MATCH_SETTINGS = { nr: 1, rl: LIVE.defaultRoundSeconds, bl: false, gat: false, sga: false, mElo: null, s_hp: LIVE.duelHitPoints, tag: null };

/**
 * Pairs queued players (a MakeMatches tick every second while anyone waits) and turns each match into
 * a ranked duel that starts at once. The queue's rules live in the arena decider.
 */
@Injectable()
export class ArenaMatchmaker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('arena-matchmaker');
  private readonly scheduler: TimerScheduler;
  private subscription: BusSubscription | null = null;
  private readonly stream = streamName.arena(ARENA_QUEUE);

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly recent: RecentPictures,
  ) {
    this.scheduler = new TimerScheduler(clock);
  }

  async onModuleInit(): Promise<void> {
    this.subscription = await consumeEvents(this.bus, 'arena-matchmaker', ['arena'], async ({ event, revision }) => {
      if (event.type === 'ArenaMatchMade') await runOwed(this.logger, `create ${event.data.gameId}`, () => this.createMatch(event.data.gameId, event.data.playerIds, revision));
      await this.keepTicking();
    });
    await this.keepTicking();
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    await this.scheduler.stop();
  }

  private async keepTicking(): Promise<void> {
    const { state } = await this.executor.load(this.stream, arenaDecider);
    if (state.queue.size < 2) return;
    this.scheduler.schedule('tick', this.clock.now() + TICK_MS, async () => {
      await runOwed(this.logger, 'tick', () => this.executor.execute(this.stream, arenaDecider, { type: 'MakeMatches' }, { actor: 'arena-matchmaker', readModels: [] }));
      await this.keepTicking();
    });
  }

  /**
   * Every round a duel can reach (LIVE.duelRoundCap), drawn before the match: GameCreated commits to their
   * hash, so the server cannot pick a round for a player once the match is on (docs/audit.md). Answer-blind
   * pictures only, none twice. A retried creation draws again, and the decider keeps the first one.
   */
  private async drawPlan(map: GameMap, playerIds: readonly string[]): Promise<RoundPlan> {
    const random = this.executor.context().random;
    // Places either player was shown lately (a duel just before, say) wait while others remain.
    const avoid = this.recent.avoidFor(playerIds);
    const rounds: RoundPlan['rounds'] = [];
    for (let i = 0; i < LIVE.duelRoundCap; i++) {
      const { target, panorama } = await planRound(this.maps, map, this.imagery, rounds.map((round) => round.panorama), random, undefined, { answerBlindOnly: true, avoid });
      rounds.push({ target, targetCountryCode: countryAt(target), panorama });
    }
    return { salt: randomBytes(32).toString('hex'), rounds };
  }

  /** The players as they were queued just before the match took them off the queue. */
  private async createMatch(gameId: string, playerIds: readonly [string, string], matchRevision: bigint): Promise<void> {
    const before = await this.executor.load(this.stream, arenaDecider, matchRevision);
    const [host, opponent] = playerIds.map((id): JoiningPlayer => {
      const queued = before.state.queue.get(id);
      if (!queued) throw new Error(`arena match ${gameId}: ${id} was not queued`);
      return { id, name: queued.name, isAnonymous: !queued.rated, elo: queued.rated ? queued.rating : null };
    }) as [JoiningPlayer, JoiningPlayer];
    const map = (await this.maps.get(DEFAULT_MAP_ID))!;
    await this.executor.execute(
      streamName.game(gameId),
      gameDecider,
      {
        type: 'CreateGame',
        gameId,
        gameT: 'L',
        origin: 'arena',
        settings: ARENA_MATCH_SETTINGS,
        map: { id: map.id, name: map.name, maxMapDistance: map.maxMapDistance },
        host,
        opponent,
        plan: await this.drawPlan(map, playerIds),
      },
      { actor: 'arena-matchmaker', readModels: ['live-games'] },
    );
  }
}
