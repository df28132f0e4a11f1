/** SPEC §8: the messages browsers give when a code chunk cannot be loaded (after a release, offline). */
const MODULE_LOAD_FAILURE = /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|failed after multiple attempts/i;

export function isModuleLoadFailure(error: unknown): boolean {
  return error instanceof Error && MODULE_LOAD_FAILURE.test(error.message);
}

/** SPEC §9: module loads are retried 3 times, 500 ms apart. */
export const MODULE_LOAD_RETRIES = 3;
export const MODULE_LOAD_RETRY_MS = 500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a code chunk, retrying a failed load; any other error, or the last failure, goes to the caller
 * (the route's error screen, which reloads the page once for a module failure).
 */
export async function importWithRetry<T>(load: () => Promise<T>, wait: (ms: number) => Promise<void> = pause): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (!isModuleLoadFailure(error) || attempt >= MODULE_LOAD_RETRIES) throw error;
      await wait(MODULE_LOAD_RETRY_MS);
    }
  }
}
