/**
 * How imagery adapters talk to their provider over HTTP. One instance per provider: it owns that
 * provider's timeouts, retries (SPEC.md §8: 200 ms doubling, 5 retries; a 404 is an answer, not a
 * failure, and is never retried) and circuit breaker. Adapters never call `fetch` themselves.
 */
export interface ProviderHttp {
  /** The provider this client speaks to, for messages and the circuit breaker. */
  readonly provider: string;
  /**
   * GETs a JSON document. Resolves `null` for a 404. Throws `ImageryUnavailableError` (imagery.port.ts)
   * when the provider keeps failing after the retries (timeouts, connection errors, 5xx, 429), answers
   * something that is not JSON, or its circuit is open; any other 4xx throws at once, naming the status.
   */
  json(url: string, options?: ProviderRequestOptions): Promise<unknown>;
  /** GETs bytes (an image); same rules as `json`. */
  bytes(url: string, options?: ProviderRequestOptions): Promise<{ body: Buffer; contentType: string } | null>;
}

export interface ProviderRequestOptions {
  headers?: Record<string, string>;
  /** Overrides the client's timeout for this request (large images take longer than searches). */
  timeoutMs?: number;
}
