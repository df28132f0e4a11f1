import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../app/command-executor.js';
import { CLOCK, IMAGERY, MAP_CATALOG, MESSAGE_BUS, READ_STORE } from '../app/tokens.js';
import type { GameCommand, ScheduledWork } from '../domain/game/game.commands.js';
import { gameDecider } from '../domain/game/game.decider.js';
import { EVENTS_WITHOUT_WORK, scheduledWork } from '../domain/game/scheduled-work.js';
import type { Game } from '../domain/game/game.state.js';
import { RecentPictures } from './recent-pictures.js';
import { planRound } from '../features/solo/round-planner.js';
import type { ImageryRegistry } from '../imagery/imagery-registry.js';
import type { MapCatalog } from '../maps/map-catalog.js';
import type { BusSubscription, MessageBus } from '../platform/bus/message-bus.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { Clock } from '../platform/time/clock.js';
import { TimerScheduler } from '../platform/time/timer-scheduler.js';
import { runningGameIds } from '../projections/live-games/live-games.queries.js';
import { consumeStreamMoves, runOwed } from './game-events.js';

/**
 * A round's picture must be servable before its countdown ends and clients ask for it: preparing a round
 * waits for the read model that serves it. The other timers' commands wait for nothing: their players and
 * spectators learn of them from the gateway's feed, and a wait would make the projections commit a batch
 * early (and cost this thread a message to theirs) for every round start, end and presence check.
 */
const PICTURE_READ_MODELS = ['round-panoramas'];

/**
 * The server's clock for live games: after every change to a game it derives what the game is owed and
 * when (the decider's scheduledWork), and schedules exactly that. The commands it sends race players'
 * commands on equal terms: each decides on the revision it read, so a round ends once whoever is first.
 */
@Injectable()
export class RoundTimers implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('round-timers');
  private readonly scheduler: TimerScheduler;
  private subscription: BusSubscription | null = null;

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    @Inject(CLOCK) clock: Clock,
    private readonly recent: RecentPictures,
  ) {
    this.scheduler = new TimerScheduler(clock);
  }

  async onModuleInit(): Promise<void> {
    // Only which game moved on matters (its state is read afresh); marker moves, chat and the like owe
    // nothing new and are passed over.
    this.subscription = await consumeStreamMoves(this.bus, 'round-timers', ['game'], (streamId) => this.reschedule(streamId.slice('game-'.length)), { ignore: EVENTS_WITHOUT_WORK });
    // Games that were running when the process stopped get their timers back.
    await Promise.all((await runningGameIds(this.reads)).map((gameId) => this.reschedule(gameId)));
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    await this.scheduler.stop();
  }

  async reschedule(gameId: string): Promise<void> {
    const { state } = await this.executor.load(streamName.game(gameId), gameDecider);
    const work = state.status === 'none' ? [] : scheduledWork(state);
    const keys = new Set<string>();
    for (const item of work) {
      const key = `${gameId}:${item.kind}:${'roundIndex' in item ? item.roundIndex : ''}`;
      keys.add(key);
      this.scheduler.schedule(key, item.at, () => runOwed(this.logger, key, () => this.perform(gameId, item)));
    }
    this.scheduler.cancelOthers(`${gameId}:`, keys);
  }

  private async perform(gameId: string, work: ScheduledWork): Promise<void> {
    const stream = streamName.game(gameId);
    let command: GameCommand;
    switch (work.kind) {
      case 'prepare_round': {
        const { state } = await this.executor.load(stream, gameDecider);
        if (state.status === 'none') return;
        // A ranked match plays the rounds it committed to; other games get a fresh picture now.
        const planned = state.plan?.rounds[work.roundIndex];
        command = { type: 'PrepareRound', gameId, roundIndex: work.roundIndex, picture: planned ?? (await this.resolvePicture(state)) };
        break;
      }
      case 'begin_round':
        command = { type: 'BeginRound', gameId, roundIndex: work.roundIndex };
        break;
      case 'end_round':
        command = { type: 'EndRound', gameId, roundIndex: work.roundIndex };
        break;
      case 'play_ghost':
        // The ghost's guesses are events the timers otherwise pass over (EVENTS_WITHOUT_WORK): its next
        // step is scheduled here.
        await this.executor.execute(stream, gameDecider, { type: 'PlayGhost', gameId, roundIndex: work.roundIndex }, { actor: 'round-timers', readModels: [] });
        await this.reschedule(gameId);
        return;
      case 'check_presence':
        command = { type: 'CheckPresence', gameId };
        break;
    }
    const readModels = command.type === 'PrepareRound' ? PICTURE_READ_MODELS : [];
    await this.executor.execute(stream, gameDecider, command, { actor: 'round-timers', readModels });
  }

  /**
   * A fresh picture of the game's map, never one this game has shown already. Always answer-blind: arena
   * games are ranked, and live screens show pictures only through our opaque addresses (Google Street
   * View, which needs its own viewer, is played in single-player games only).
   */
  private async resolvePicture(game: Game) {
    const map = await this.maps.get(game.map.id);
    if (!map) throw new Error(`game ${game.gameId} is played on ${game.map.id}, which no longer exists`);
    const context = this.executor.context();
    const avoid = this.recent.avoidFor(game.players.map((player) => player.id));
    const { target, panorama } = await planRound(this.maps, map, this.imagery, game.rounds.map((round) => round.panorama), context.random, undefined, { answerBlindOnly: true, avoid });
    return { target, panorama };
  }
}
