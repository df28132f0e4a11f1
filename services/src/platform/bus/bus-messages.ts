/** What every message bus adapter does the same way: JSON values and the retry backoff. */

/** A message's value as JSON text; refuses what JSON cannot carry (a bigint, a cycle, undefined). */
export function serialiseValue(key: string, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (error) {
    throw new TypeError(`the value of message ${JSON.stringify(key)} is not JSON-serialisable: ${errorText(error)}`);
  }
  if (json === undefined) throw new TypeError(`the value of message ${JSON.stringify(key)} is not JSON-serialisable`);
  return json;
}

/** The wait before retrying a message that failed `failures` times: doubling from `baseMs`, at most `maxMs`. */
export function backoffDelay(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failures, 1) - 1, 30));
}

/** An error for a log line: its stack when it has one. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
