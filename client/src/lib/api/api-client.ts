import { getIdToken, refreshSession } from '../session/session-service';
import { clientErrorCodes, isAbortError, isApiRequestError } from './api-error';
import { fetchJson, type Parser } from './fetch-json';

/** SPEC §8: GETs retry with exponential backoff from 200 ms, doubling, up to 5 retries. */
export const GET_RETRY_BASE_MS = 200;
export const GET_MAX_RETRIES = 5;

interface CallOptions {
  /** Send the session's idToken; a 401 refreshes it once and retries. */
  auth?: boolean;
  signal?: AbortSignal;
}

export function apiGet<T>(path: string, schema: Parser<T>, options: CallOptions = {}): Promise<T> {
  return withRetry(() => call(path, { method: 'GET', schema }, options), options.signal);
}

/** Commands are not retried blindly: the caller decides (most carry an id that makes a retry safe). */
export function apiPost<T>(path: string, body: unknown, schema: Parser<T> | null, options: CallOptions = {}): Promise<T> {
  return call(path, { method: 'POST', body, schema }, options);
}

async function call<T>(
  path: string,
  request: { method: 'GET' | 'POST'; body?: unknown; schema: Parser<T> | null },
  options: CallOptions,
): Promise<T> {
  const signal = options.signal;
  if (!options.auth) return fetchJson(path, { ...request, ...(signal ? { signal } : {}) });
  const token = await getIdToken();
  try {
    return await fetchJson(path, { ...request, token, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (!(isApiRequestError(error) && error.status === 401)) throw error;
    const renewed = await refreshSession(token);
    return fetchJson(path, { ...request, token: renewed.idToken, ...(signal ? { signal } : {}) });
  }
}

/**
 * Decision (SPEC §8 names only what is never retried, 404 and aborts): retry what may heal by itself —
 * network failures, 5xx, 408 and 429. Other 4xx answers are final.
 */
export function isRetryable(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (!isApiRequestError(error)) return false;
  if (error.code === clientErrorCodes.network) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

async function withRetry<T>(attempt: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  for (let retry = 0; ; retry += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (retry >= GET_MAX_RETRIES || !isRetryable(error)) throw error;
      await sleep(GET_RETRY_BASE_MS * 2 ** retry, signal);
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
