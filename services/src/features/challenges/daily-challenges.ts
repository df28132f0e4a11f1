import { Inject, Injectable } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { type DailyChallenges, dailyVariants, streamName } from '@globetrail/contracts';
import { ApiException } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { IMAGERY, MAP_CATALOG, READ_STORE } from '../../app/tokens.js';
import { challengeDecider } from '../../domain/challenge/challenge.decider.js';
import { DAILY_MAP_ID, DAILY_ROUNDS, dailyRules, utcDay } from '../../domain/challenge/daily.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import type { MapCatalog } from '../../maps/map-catalog.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { challengeEntries } from '../../projections/challenges/challenges.queries.js';
import { drawChallengeRounds } from './challenge-rounds.js';
import { GetDailyChallenges } from './challenges.messages.js';

export const DAILY_AUTHOR = { id: 'system', name: 'GlobeTrail' };

/**
 * The four daily challenges of each UTC day, made by the first request of the day. Their ids are SPEC §3's
 * keys, so their streams are `challenge-{key}`: two first requests racing (in this process or another)
 * both decide on an empty stream, one append wins and the other, re-deciding, finds it made and appends
 * nothing. In this process they also share the one generation in flight.
 */
@Injectable()
export class DailyChallengeMaker {
  private readonly inFlight = new Map<string, Promise<void>>();
  /** The day whose four this process has seen made: every page load asks (the toolbar's badge), once reads. */
  private madeDay: string | null = null;

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MAP_CATALOG) private readonly maps: MapCatalog,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
  ) {}

  /** Makes the day's four (once); resolves when all four are in the read models. */
  ensure(day: string): Promise<void> {
    if (this.madeDay === day) return Promise.resolve();
    let making = this.inFlight.get(day);
    if (!making) {
      making = this.make(day)
        .then(() => {
          this.madeDay = day;
        })
        .finally(() => this.inFlight.delete(day));
      this.inFlight.set(day, making);
    }
    return making;
  }

  private async make(day: string): Promise<void> {
    for (const variant of dailyVariants) {
      const key = `${day}${variant}`;
      const stream = streamName.challenge(key);
      const { state } = await this.executor.load(stream, challengeDecider);
      if (state.status === 'created') continue;
      const map = await this.maps.get(DAILY_MAP_ID);
      if (!map) throw new ApiException(503, 'internal', 'the daily challenges draw from World, which is still being prepared: try again in a moment');
      // Drawn from the server's random source, not from the day's key: the code is public and the preset
      // maps are the same everywhere, so rounds seeded by the key could be worked out before the day. Two
      // makers racing each other are safe: the second one's CreateChallenge finds the day's and stores nothing.
      const rounds = await drawChallengeRounds(this.maps, map, this.imagery, DAILY_ROUNDS, this.executor.context().random);
      const command = {
        type: 'CreateChallenge',
        challengeId: key,
        author: DAILY_AUTHOR,
        rules: dailyRules(day, variant),
        map: { id: map.id, name: map.name, content: map.content, maxMapDistance: map.maxMapDistance },
        rounds,
        daily: key,
        authorChoseRounds: false,
      } as const;
      await this.executor.execute(stream, challengeDecider, command, { actor: DAILY_AUTHOR.id, readModels: ['challenges'] });
    }
  }
}

@QueryHandler(GetDailyChallenges)
export class GetDailyChallengesHandler implements IQueryHandler<GetDailyChallenges> {
  constructor(
    private readonly maker: DailyChallengeMaker,
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ viewer }: GetDailyChallenges): Promise<DailyChallenges> {
    const day = utcDay(this.executor.context().now);
    await this.maker.ensure(day);
    return { day, challenges: await challengeEntries(this.reads, dailyVariants.map((variant) => `${day}${variant}`), viewer) };
  }
}
