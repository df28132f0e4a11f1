import { setTimeout as delay } from 'node:timers/promises';
import { ImageryUnavailableError } from '../imagery.port.js';
import { CircuitBreaker, type CircuitBreakerOptions, type CircuitState } from './circuit-breaker.js';
import type { ProviderHttp, ProviderRequestOptions } from './provider-http.js';

export interface ResilientHttpOptions {
  /** The provider's name, as messages and the registry show it. */
  provider: string;
  /** Per attempt, body included. Default 10 000 ms. */
  timeoutMs?: number;
  /** Attempts after the first one. Default 5. */
  retries?: number;
  /** Wait before the first retry, doubling for each next one. Default 200 ms. */
  baseDelayMs?: number;
  breaker?: CircuitBreakerOptions;
  /** Providers ask clients to identify themselves. */
  userAgent?: string;
  /** For tests: waits between attempts. */
  sleep?: (ms: number) => Promise<void>;
  /** For tests: the breaker's clock, in ms. */
  now?: () => number;
}

export interface ResilientProviderHttp extends ProviderHttp {
  /** For health and status reports. */
  state(): CircuitState;
}

export const DEFAULT_USER_AGENT = 'GlobeTrail (+https://github.com/globetrail)';
/** Retry-After is honoured up to this: a round cannot wait longer for its picture. */
const MAX_RETRY_AFTER_MS = 10_000;

/**
 * How one attempt ended. `rejected` ends the call without retrying; `providerFault` says whether the
 * breaker counts it against the provider (a body that is not JSON) or not (a 4xx is about the request).
 */
type Attempt<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'retry'; reason: string; retryAfterMs: number | null }
  | { kind: 'rejected'; reason: string; providerFault: boolean };

type Read<T> = (response: Response) => Promise<Attempt<T>>;

/**
 * URLs in messages lose their query string and fragment: adapters put access tokens there, and messages
 * end up in logs. Applied to every text a message quotes, since fetch's own errors may repeat the URL.
 */
export const withoutQueries = (text: string): string =>
  text.replace(/([a-z][a-z0-9+.-]*:\/\/[^\s?#'"]*)[?#][^\s'"]*/gi, '$1');

/** The request URL as messages show it, even when it is not a URL at all. */
const safeToShow = (url: string) => url.replace(/[?#][\s\S]*$/, '');

const statusOf = (response: Response) => `HTTP ${response.status} ${response.statusText}`.trim();

/** Frees the connection of a response whose body we do not want. */
const discard = (response: Response) => void response.body?.cancel().catch(() => undefined);

function describeFailure(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (failure.name === 'TimeoutError') return `timed out after ${timeoutMs} ms`;
  const detail = failure.cause?.message ?? failure.cause?.code ?? failure.message ?? String(error);
  return `network error: ${withoutQueries(detail)}`;
}

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : null;
}

const readJson: Read<unknown> = async (response) => {
  const text = await response.text();
  try {
    return { kind: 'answered', value: JSON.parse(text) };
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    return { kind: 'rejected', reason: `answered something that is not JSON (${type})`, providerFault: true };
  }
};

const readBytes: Read<{ body: Buffer; contentType: string }> = async (response) => ({
  kind: 'answered',
  value: {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'application/octet-stream',
  },
});

/**
 * `ProviderHttp` on Node's fetch (see provider-http.ts for the rules adapters rely on). A call is one GET
 * with up to `retries` more after connection errors, timeouts, 5xx and 429, waiting 200, 400, 800…ms
 * between them, or longer when the answer's Retry-After asks for it (up to 10 s). The breaker counts a call
 * as failed when the provider stayed unreachable or broken through all its attempts, or answered a body
 * that is not JSON; a 404 or another 4xx shows the provider is up and answering, so it counts as a success.
 */
export function createProviderHttp(options: ResilientHttpOptions): ResilientProviderHttp {
  const { provider } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 200;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const now = options.now ?? Date.now;
  const breaker = new CircuitBreaker(provider, now, options.breaker);
  if (!Number.isInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number: ${retries}`);

  async function attempt<T>(url: string, headers: Headers, limitMs: number, read: Read<T>): Promise<Attempt<T | null>> {
    try {
      // The signal also covers reading the body: a provider that stalls mid-image times out too.
      const response = await fetch(url, { headers, signal: AbortSignal.timeout(limitMs) });
      if (response.ok) return await read(response);
      discard(response);
      if (response.status === 404) return { kind: 'answered', value: null };
      if (response.status === 429 || response.status >= 500) {
        const after = retryAfterMs(response.headers.get('retry-after'), now());
        return { kind: 'retry', reason: statusOf(response), retryAfterMs: after };
      }
      return { kind: 'rejected', reason: `answered ${statusOf(response)}`, providerFault: false };
    } catch (error) {
      return { kind: 'retry', reason: describeFailure(error, limitMs), retryAfterMs: null };
    }
  }

  async function get<T>(
    url: string,
    request: ProviderRequestOptions,
    read: Read<T>,
    accept: string,
  ): Promise<T | null> {
    const safeUrl = safeToShow(url);
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
      throw new ImageryUnavailableError(`${provider}: not an http(s) URL: ${safeUrl}`);
    }
    const limitMs = request.timeoutMs ?? timeoutMs;
    if (!(limitMs > 0)) throw new RangeError(`timeoutMs must be a positive number: ${limitMs}`);
    // Built before the breaker admits the call: a bad header throws here, never in the middle of a trial call.
    const headers = new Headers({ 'user-agent': userAgent, accept });
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    breaker.admit();
    let lastFailure = '';
    for (let retry = 0; retry <= retries; retry += 1) {
      const outcome = await attempt(url, headers, limitMs, read);
      if (outcome.kind === 'answered') {
        breaker.succeeded();
        return outcome.value;
      }
      if (outcome.kind === 'rejected') {
        const message = `${provider} ${outcome.reason} (GET ${safeUrl})`;
        if (outcome.providerFault) breaker.failed(message);
        else breaker.succeeded();
        throw new ImageryUnavailableError(message);
      }
      lastFailure = outcome.reason;
      if (retry < retries) await sleep(Math.max(baseDelayMs * 2 ** retry, outcome.retryAfterMs ?? 0));
    }
    const attempts = retries === 0 ? '1 attempt' : `${retries + 1} attempts`;
    const message = `${provider} failed after ${attempts} (GET ${safeUrl}); last: ${lastFailure}`;
    breaker.failed(message);
    throw new ImageryUnavailableError(message);
  }

  return {
    provider,
    state: () => breaker.state(),
    json: (url, request = {}) => get(url, request, readJson, 'application/json'),
    bytes: (url, request = {}) => get(url, request, readBytes, '*/*'),
  };
}
