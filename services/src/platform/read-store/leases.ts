/**
 * Leases, so that several projector processes can run and exactly one writes each read model: the
 * others stand by and take over when its holder stops renewing (projections/projector-leases.ts).
 *
 * A lease is named after a read model (its plain name) and has a **fencing token** that grows by one each
 * time the lease changes hands. A commit may carry the token it was made under (`CommitBatch.fence`); the
 * read store refuses it with LeaseLostError, writing nothing, unless that token is still the lease's, in
 * the same transaction as the writes. So a holder paused past its lease (a long GC, a frozen VM, a network
 * partition) cannot write after a standby took over, whatever its clock says.
 */
export interface LeaseHolder {
  /** Unique per process (PROJECTOR_ID, or host name, process id and a random suffix). */
  id: string;
  /** Where the holder runs: a process on the same host that no longer runs is known to be gone. */
  host: string;
  pid: number;
}

export interface Lease {
  name: string;
  holder: LeaseHolder;
  /** Grows by one each time the lease is taken by another holder (never on a renewal). */
  token: number;
  /** Milliseconds since the epoch (the taker's clock) after which another may take it. */
  expiresAt: number;
}

export interface AcquireOptions {
  /** Take the lease from this holder even before it expires: the caller knows it is gone. */
  replacing?: string;
  /** The current time (tests); Date.now() by default. */
  now?: number;
}

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(readonly lease: string, readonly fence: number, readonly current: number | null) {
    super(`read store: the lease on ${lease} is no longer held with token ${fence} (${current === null ? 'no lease' : `token ${current}`}): another projector took over`);
  }
}

/** Whether `holder` may take (or renew) a lease now held as `current` (null: never taken). */
export function mayTake(current: Pick<Lease, 'holder' | 'expiresAt'> | null, holder: LeaseHolder, now: number, replacing?: string): boolean {
  return current === null || current.expiresAt <= now || current.holder.id === holder.id || (replacing !== undefined && current.holder.id === replacing);
}

/** The lease after `holder` takes it from `current`: the same token on a renewal, the next otherwise. */
export function taken(name: string, current: Lease | null, holder: LeaseHolder, now: number, ttlMs: number): Lease {
  const renewal = current !== null && current.holder.id === holder.id;
  return { name, holder, token: renewal ? current.token : (current?.token ?? 0) + 1, expiresAt: now + ttlMs };
}

/** Throws unless `fence` is the lease's current token. */
export function checkFence(lease: string, fence: number, current: number | null): void {
  if (current !== fence) throw new LeaseLostError(lease, fence, current);
}
