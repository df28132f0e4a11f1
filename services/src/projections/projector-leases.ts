import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Logger } from '../platform/logging/logger.js';
import type { LeaseHolder } from '../platform/read-store/leases.js';
import type { ReadStore } from '../platform/read-store/read-store.port.js';
import type { ProjectionRunner } from './projection-runner.js';

/**
 * How long a projector's lease on a read model lasts without a renewal, how often the holder renews it,
 * and how often a standby looks. A standby takes a read model over at most LEASE_TTL_MS +
 * STANDBY_POLL_MS after its holder stopped renewing (on another host; on the same host at its next look,
 * as soon as the holder's process is gone), within the 10 s an operator may expect.
 */
export const LEASE_TTL_MS = 6000;
export const LEASE_RENEW_MS = 2000;
export const STANDBY_POLL_MS = 1000;

export interface LeaseTiming {
  ttlMs: number;
  renewMs: number;
  standbyPollMs: number;
}

/** This process as a lease holder: PROJECTOR_ID when set, otherwise unique per process start. */
export function thisProcess(id?: string): LeaseHolder {
  return { id: id ?? `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`, host: hostname(), pid: process.pid };
}

/** Whether the process `pid` still runs on this machine (signal 0 asks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One read model's runner under a lease (leases.ts): it projects only while this process holds the lease,
 * every commit fenced with the lease's token; otherwise it stands by, following the holder's checkpoint
 * so that read-your-writes waits here still resolve, and takes over when the lease expires, is released,
 * or its holder's process on this host is gone. Several projector processes (compose, k8s) thus run with
 * one active per read model, and a stopped or paused one cannot write after losing its lease.
 */
export class LeaseKeeper {
  private readonly logger: Logger;
  private token: number | null = null;
  private timer: NodeJS.Timeout | null = null;
  private turn: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly reads: ReadStore,
    private readonly holder: LeaseHolder,
    private readonly timing: LeaseTiming = { ttlMs: LEASE_TTL_MS, renewMs: LEASE_RENEW_MS, standbyPollMs: STANDBY_POLL_MS },
    private readonly alive: (pid: number) => boolean = running,
  ) {
    this.logger = new Logger(`lease:${runner.projection.name}`);
    runner.observe({ processed: () => undefined, failed: () => this.schedule(0) });
  }

  /** True while this process holds the lease and projects. */
  get active(): boolean {
    return this.token !== null;
  }

  /** Tries once at once (so a lone projector starts projecting before start() returns), then on a timer. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.step();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.turn;
    if (this.token !== null) {
      await this.runner.stop();
      this.token = null;
      await this.reads.releaseLease(this.runner.projection.name, this.holder.id).catch((error: Error) => this.logger.warn(`could not release the lease: ${error.message}`));
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.step(), delayMs);
    this.timer.unref();
  }

  /** One look, never two at once. */
  private step(): Promise<void> {
    this.turn = this.turn.then(() => this.look()).catch((error: Error) => this.logger.warn(`lease check failed: ${error.message}`)).finally(() => {
      this.schedule(this.token !== null ? this.timing.renewMs : this.timing.standbyPollMs);
    });
    return this.turn;
  }

  private async look(): Promise<void> {
    if (this.stopped) return;
    const name = this.runner.projection.name;
    if (this.token !== null) {
      const renewed = this.runner.running ? await this.reads.acquireLease(name, this.holder, this.timing.ttlMs) : null;
      if (renewed?.token === this.token) return;
      // Lost (another projector took it, or a commit was refused), or the runner stopped on an error.
      this.logger.warn(this.runner.running ? 'lease lost: standing by' : 'the projection stopped: giving the lease up and standing by');
      await this.runner.stop();
      if (renewed) await this.reads.releaseLease(name, this.holder.id);
      this.token = null;
    }
    const current = await this.reads.readLease(name);
    const gone = current !== null && current.holder.id !== this.holder.id && current.holder.host === this.holder.host && current.holder.pid !== this.holder.pid && !this.alive(current.holder.pid);
    const lease = await this.reads.acquireLease(name, this.holder, this.timing.ttlMs, gone ? { replacing: current.holder.id } : {});
    if (!lease) {
      this.runner.follow(await this.reads.checkpoint(name));
      return;
    }
    if (current !== null && current.holder.id !== this.holder.id && current.expiresAt > 0) this.logger.log(`took over from ${current.holder.id} (token ${lease.token})`);
    this.token = lease.token;
    this.runner.fenceWith(lease.token);
    await this.runner.start();
  }
}
