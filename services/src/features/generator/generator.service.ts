import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type GeneratorRunView,
  MAP_LIMITS,
  type MapPicture,
  type MapEntry,
  type SaveGeneratedMapRequest,
  type StartGeneratorRunRequest,
  streamName,
} from '@globetrail/contracts';
import { ApiException, badRequest } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, IMAGERY, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { mapDecider } from '../../domain/map/map.decider.js';
import type { ImageryProvider } from '../../imagery/imagery.port.js';
import type { ImageryRegistry } from '../../imagery/imagery-registry.js';
import { authorName } from '../../maps/author-name.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { mapEntry } from '../../projections/maps/maps.queries.js';
import { CoverageRun } from './coverage-run.js';
import { type GeneratorRun, GeneratorRuns } from './generator-runs.js';
import { countryShape } from './region/country-shapes.js';
import { RegionSampler, UnsampleableRegionError } from './region/region-sampler.js';

/**
 * The generator tool's server side: starts runs on the configured online provider, answers their
 * progress to their owner, and saves a finished run's pictures as a map through the map decider.
 */
@Injectable()
export class GeneratorService implements OnModuleDestroy {
  private readonly logger = new Logger('generator');
  private readonly runs = new GeneratorRuns();
  /** A country's sampler takes up to ~150 ms to build (Russia) and never changes. */
  private readonly countries = new Map<string, RegionSampler>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(IMAGERY) private readonly imagery: ImageryRegistry,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly executor: CommandExecutor,
  ) {}

  start(ownerId: string, request: StartGeneratorRunRequest): GeneratorRunView {
    const region = this.regionOf(request);
    const provider = this.onlineProvider(request.provider);
    const { random } = this.executor.context();
    const run = this.runs.start(ownerId, request, () => {
      const onUnexpectedError = (error: unknown) => this.logger.error(`a generator run of ${ownerId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return new CoverageRun({ provider, region, limit: request.limit, random, onUnexpectedError });
    });
    return run.view();
  }

  view(ownerId: string, runId: string): GeneratorRunView {
    return this.runs.owned(ownerId, runId).view();
  }

  stop(ownerId: string, runId: string): GeneratorRunView {
    const run = this.runs.owned(ownerId, runId);
    run.coverage.stop();
    return run.view();
  }

  /**
   * Saves what a finished run found as a map. Saving again (a retry, a second click, another name)
   * answers the map saved the first time: one run makes one map.
   */
  async save(ownerId: string, runId: string, request: SaveGeneratedMapRequest): Promise<MapEntry> {
    const run = this.runs.owned(ownerId, runId);
    if (run.mapId) return this.summary(run.mapId);
    if (run.saving) return run.saving;
    const { status, error } = run.coverage;
    if (status === 'running') throw new ApiException(409, 'run_not_finished', 'the run is still searching: stop it, or wait until it is done');
    if (status === 'failed') throw new ApiException(409, 'run_failed', `the run failed (${error ?? 'no reason given'}): start a new one`);
    const pictures = run.coverage.pictures();
    if (pictures.length < MAP_LIMITS.minLocations) {
      throw new ApiException(409, 'not_enough_locations', `the run found ${pictures.length} locations; a map needs at least ${MAP_LIMITS.minLocations}`);
    }
    run.saving = this.createMap(run, request.name, pictures).finally(() => {
      run.saving = null;
    });
    return run.saving;
  }

  onModuleDestroy(): void {
    this.runs.stopAll();
  }

  private async createMap(run: GeneratorRun, name: string, pictures: MapPicture[]): Promise<MapEntry> {
    const context = this.executor.context();
    run.reservedMapId ??= context.newId();
    const mapId = run.reservedMapId;
    const creatorName = await authorName(this.reads, run.ownerId);
    const command = { type: 'CreateMap', mapId, name, creatorId: run.ownerId, creatorName, content: 'pictures', region: run.region, pictures } as const;
    await this.executor.execute(streamName.map(mapId), mapDecider, command, { actor: run.ownerId, readModels: ['maps', 'map-locations'], context });
    run.mapId = mapId;
    return this.summary(mapId);
  }

  private async summary(mapId: string): Promise<MapEntry> {
    const entry = await mapEntry(this.reads, mapId, null);
    if (!entry) throw new Error(`map ${mapId} was saved but the maps read model does not have it`);
    return entry;
  }

  private regionOf(request: StartGeneratorRunRequest): RegionSampler {
    if (request.region === 'polygon') {
      try {
        return RegionSampler.fromCorners(request.polygon!);
      } catch (error) {
        if (error instanceof UnsampleableRegionError) throw badRequest('polygon', error.message);
        throw error;
      }
    }
    const known = this.countries.get(request.region);
    if (known) return known;
    const shape = countryShape(request.region);
    if (!shape) throw badRequest('region', `no country with the ISO 3166-1 alpha-2 code ${request.region} on the world map`);
    const sampler = new RegionSampler(shape);
    this.countries.set(request.region, sampler);
    return sampler;
  }

  /** The provider to search: it must be this server's online provider, and not known to be down. */
  private onlineProvider(requested: string): ImageryProvider {
    const configured = this.config.imagery.online?.provider ?? null;
    const provider = configured === requested ? this.imagery.get(requested) : undefined;
    if (!provider) {
      const which = configured ? `only ${configured}` : 'no online provider, only the offline pictures';
      throw new ApiException(409, 'provider_not_configured', `provider: this server searches ${which}, not ${requested}`, 'provider');
    }
    // Asking whether rounds use the provider lets one found down be probed again (at most once a minute),
    // so the generator is not refused for good on a server where nobody is playing rounds.
    const servingRounds = this.imagery.rounds.onlineProvider;
    if (servingRounds === null && this.imagery.rounds.status()?.status === 'down') {
      throw new ApiException(503, 'imagery_unavailable', `${requested} is not answering at the moment: try again in a minute`);
    }
    return provider;
  }
}
