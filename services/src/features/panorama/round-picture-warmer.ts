import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Movement, PanoramaRef } from '@globetrail/contracts';
import { APP_CONFIG, IMAGERY, MESSAGE_BUS } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { isAnswerBlindProvider } from '../../imagery/answer-blind.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { PictureVariants } from '../../imagery/proxy/picture-variants.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import { consumeEvents } from '../../process-managers/game-events.js';

/**
 * Encodes a live round's picture during its countdown (RoundStarting comes 3 s before the round), so that
 * its players' first request finds it ready instead of waiting for the provider and the re-encoding (1–4 s
 * for a large provider picture). Warming waits behind every player's request (PictureVariants.warm).
 * One consumer group for all replicas of the role that serves pictures: on the full stack one replica
 * warms each round, in its own memory.
 */
@Injectable()
export class RoundPictureWarmer implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('round-pictures');
  private subscription: BusSubscription | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    private readonly variants: PictureVariants,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.config.roundPictureWarming) return;
    this.subscription = await consumeEvents(
      this.bus,
      'round-picture-warmer',
      ['game'],
      async ({ event }) => {
        // Not awaited: the next event need not wait for an encode.
        if (event.type === 'RoundStarting') void this.warm(event.data.panorama, event.data.movement);
      },
      { types: ['RoundStarting'] },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  /** Resolves once the round's picture is encoded, or has failed (the players' requests then try again). */
  async warm(panorama: PanoramaRef, movement?: Movement): Promise<void> {
    // Pictures we do not serve (Google's viewer loads its own) have nothing to encode.
    if (!isAnswerBlindProvider(panorama.provider) || !this.imagery.get(panorama.provider)) return;
    const picture = {
      provider: panorama.provider,
      imageId: panorama.imageId,
      roundToken: panorama.token,
      yawOffset: panorama.yawOffset ?? 0,
      centre: panorama.centre ?? 0,
      // An NMPZ round's picture is its window, warmed as its players will ask for it.
      ...(movement === 'none' ? { window: { heading: panorama.heading } } : {}),
    };
    this.logger.debug(`warming round picture ${panorama.token.slice(0, 6)}…`);
    await this.variants.warm(picture, () => this.imagery.fetchImage(picture.provider, picture.imageId, panorama.scene));
  }
}
