import { join } from 'node:path';
import { type DynamicModule, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { systemContext } from '../domain/decision-context.js';
import { openImagery } from '../imagery/open-imagery.js';
import { openLocalImagery } from '../imagery/open-local-imagery.js';
import type { LocalImageStore } from '../imagery/local/local-image-store.js';
import { MapCatalog } from '../maps/map-catalog.js';
import { seedPresetMaps } from '../maps/seed-preset-maps.js';
import { EventRelay } from '../platform/bus/event-relay.js';
import type { MessageBus } from '../platform/bus/message-bus.port.js';
import type { EventStore } from '../platform/event-store/event-store.port.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import { type Clock, scaledClock } from '../platform/time/clock.js';
import type { ProjectionsPort } from '../projections/projections.js';
import { CommandExecutor } from './command-executor.js';
import { RecentPictures } from '../process-managers/recent-pictures.js';
import { openBus, openEventStore, openPictureStore, openProjections, openReadStore } from './stores.js';
import type { PictureStore } from '../platform/pictures/picture-store.port.js';
import { announceCommits } from '../projections/commit-notices.js';
import { allProjections } from '../projections/all-projections.js';
import { Metrics } from '../platform/metrics/metrics.js';
import { CLOCK, METRICS, PRESENCE_BUS, APP_CONFIG, DECISION_CONTEXT, MESSAGE_BUS, EVENT_STORE, IMAGERY, LOCAL_IMAGES, MAP_CATALOG, PICTURE_STORE, PROJECTIONS, READ_STORE } from './tokens.js';


const RELAY = Symbol('RELAY');

/**
 * Starts the projections and the relay once the app is up (consumers subscribed to the bus in their
 * onModuleInit, so the relay starts last), and stops everything before the stores close.
 */
/** How often expired pictures (encoded round pictures) are removed from the picture store. */
const PICTURE_SWEEP_MS = 10 * 60_000;

@Injectable()
class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('platform');
  private stopAnnouncing: (() => void) | null = null;
  private sweeping: NodeJS.Timeout | null = null;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(PICTURE_STORE) private readonly pictures: PictureStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionsPort,
    @Inject(LOCAL_IMAGES) private readonly images: LocalImageStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(RELAY) private readonly relay: EventRelay,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly executor: CommandExecutor,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { roles } = this.config;
    // Without the projector role, `projections` follows the projector's checkpoints and notices instead.
    await this.projections.start();
    // On the full stack the projector announces commits for the web replicas' pushes.
    if (roles.has('projector') && this.config.stores.bus.kind === 'kafka') this.stopAnnouncing = announceCommits(this.projections, allProjections.map(({ name }) => name), this.bus, this.logger);
    if (roles.has('relay')) await this.relay.start();
    // The first start makes the preset maps (a few seconds); the app answers once the default map plays.
    if (roles.has('projector')) await seedPresetMaps(this.executor, this.events, this.projections);
    this.logger.log(`running ${[...roles].join(', ')}; ${this.images.count()} pictures in the local image store`);
    // Encoded round pictures outlive their rounds by a little; expired ones are removed now and then.
    this.sweeping = setInterval(() => void this.pictures.sweep().catch((error: Error) => this.logger.warn(`sweeping expired pictures failed: ${error.message}`)), PICTURE_SWEEP_MS);
    this.sweeping.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopAnnouncing?.();
    if (this.sweeping) clearInterval(this.sweeping);
    if (this.config.roles.has('relay')) await this.relay.stop();
    await this.bus.close();
    await this.projections.stop();
    await this.events.close();
    await this.reads.close();
    await this.pictures.close();
    await this.images.close();
  }
}

/**
 * The adapters behind every port (stores.ts): by default SQLite files under DATA_DIR for events, read
 * models and pictures, and an in-process message bus; KurrentDB, MongoDB and Kafka when their variables
 * are set (config.ts).
 */
@Module({})
export class PlatformModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: EVENT_STORE, useFactory: () => openEventStore(config) },
        { provide: READ_STORE, useFactory: () => openReadStore(config) },
        { provide: PICTURE_STORE, useFactory: () => openPictureStore(config) },
        {
          provide: PROJECTIONS,
          useFactory: (events: EventStore, reads: ReadStore, bus: MessageBus) => openProjections(config, events, reads, bus),
          inject: [EVENT_STORE, READ_STORE, MESSAGE_BUS],
        },
        { provide: CLOCK, useValue: scaledClock(config.clockSpeed) },
        { provide: METRICS, useFactory: () => new Metrics() },
        // Replicas of the full stack share who is in the lobby and the arena; one process needs nobody.
        { provide: PRESENCE_BUS, useFactory: (bus: MessageBus) => (config.stores.bus.kind === 'kafka' ? bus : null), inject: [MESSAGE_BUS] },
        { provide: MESSAGE_BUS, useFactory: () => openBus(config) },
        {
          provide: RELAY,
          useFactory: (events: EventStore, reads: ReadStore, bus: MessageBus) => new EventRelay('embedded', events, reads, bus),
          inject: [EVENT_STORE, READ_STORE, MESSAGE_BUS],
        },
        { provide: DECISION_CONTEXT, useFactory: (clock: Clock) => () => systemContext(clock.now), inject: [CLOCK] },
        {
          provide: LOCAL_IMAGES,
          useFactory: (uploads: PictureStore) => openLocalImagery(join(config.dataDir, 'imagery'), { scenesAhead: config.scenesAhead, uploads }),
          inject: [PICTURE_STORE],
        },
        { provide: IMAGERY, useFactory: (images: LocalImageStore) => openImagery(config.imagery, config.dataDir, images).registry, inject: [LOCAL_IMAGES] },
        { provide: MAP_CATALOG, useFactory: (reads: ReadStore) => new MapCatalog(reads), inject: [READ_STORE] },
        CommandExecutor,
        RecentPictures,
        PlatformLifecycle,
      ],
      exports: [APP_CONFIG, CLOCK, METRICS, PRESENCE_BUS, EVENT_STORE, READ_STORE, PICTURE_STORE, PROJECTIONS, IMAGERY, LOCAL_IMAGES, MAP_CATALOG, MESSAGE_BUS, CommandExecutor, RecentPictures],
    };
  }
}
