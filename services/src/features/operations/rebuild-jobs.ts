import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ApiException } from '../../api/api-error.js';
import { APP_CONFIG } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { RebuildProgress, RebuildResult } from '../../ops/rebuild.js';
import { rebuildInParallel, type RunningRebuild } from '../../ops/rebuild-on-thread.js';
import type { Projection } from '../../projections/projection.js';

export interface RebuildJobView {
  state: 'running' | 'done' | 'failed';
  projections: string[];
  startedAt: string;
  endedAt: string | null;
  progress: RebuildProgress | null;
  results: Array<Omit<RebuildResult, 'position'> & { position: string | null }> | null;
  error: string | null;
}

/**
 * `POST /ops/rebuild`: the CLI's blue/green rebuild, run by this api process in the background, one at a
 * time; `GET /ops/rebuild` shows the running one's progress or the last one's outcome.
 */
@Injectable()
export class RebuildJobs implements OnApplicationShutdown {
  private readonly logger = new Logger('ops:rebuild');
  private job: RebuildJobView | null = null;
  private running: { rebuild: RunningRebuild; settled: Promise<void> } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  start(projections: readonly Projection[]): RebuildJobView {
    if (this.job?.state === 'running') throw new ApiException(409, 'rebuild_running', `a rebuild of ${this.job.projections.join(', ')} is running: GET /ops/rebuild shows its progress`);
    const job: RebuildJobView = { state: 'running', projections: projections.map((p) => p.name), startedAt: new Date().toISOString(), endedAt: null, progress: null, results: null, error: null };
    this.job = job;
    this.logger.log(`rebuilding ${job.projections.join(', ')}`);
    const rebuild = rebuildInParallel({ stores: { dataDir: this.config.dataDir, stores: this.config.stores }, names: job.projections }, (progress) => (job.progress = progress));
    const settled = rebuild.done.then(
      (results) => {
        job.results = results.map((result) => ({ ...result, position: result.position?.toString() ?? null }));
        job.state = 'done';
        job.endedAt = new Date().toISOString();
        this.logger.log(`rebuilt ${job.projections.join(', ')}`);
      },
      (error: Error) => {
        job.state = 'failed';
        job.error = error.message;
        job.endedAt = new Date().toISOString();
        this.logger.error(`rebuild failed: ${error.stack ?? error.message}`);
      },
    );
    this.running = { rebuild, settled };
    return job;
  }

  view(): RebuildJobView | null {
    return this.job;
  }

  async onApplicationShutdown(): Promise<void> {
    this.running?.rebuild.abort('the server is stopping');
    await this.running?.settled;
  }
}
