/** Waits on conditions for the live bench's drains, each with a deadline: a stuck phase still ends. */

/** Resolves once `count` stayed the same for `quietMs`, or after `maxMs`: the tail of a phase drains. */
export async function quiescence(count: () => number, quietMs: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let seen = count();
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    if (now !== seen) [seen, quietSince] = [now, Date.now()];
    else if (Date.now() - quietSince >= quietMs) return;
  }
}

/** Resolves once `condition` holds, or after `maxMs` (the caller counts whatever is still missing). */
export async function until(condition: () => boolean, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}
