import { apiErrorSchema } from '@globetrail/contracts';
import { ApiRequestError, clientErrorCodes, isAbortError } from './api-error';

/** Any contracts schema: the client validates what it receives instead of trusting a cast. */
export interface Parser<T> {
  parse(data: unknown): T;
}

export interface FetchJsonOptions<T> {
  method: 'GET' | 'POST';
  body?: unknown;
  /** The bare idToken (SPEC §6: no "Bearer" prefix). */
  token?: string | null;
  signal?: AbortSignal;
  /** null: the answer has no body worth reading (204). */
  schema: Parser<T> | null;
}

/** One HTTP exchange with the game server, no retries: failures become ApiRequestError. */
export async function fetchJson<T>(path: string, options: FetchJsonOptions<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = options.token;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiRequestError(0, clientErrorCodes.network, error instanceof Error ? error.message : 'network request failed');
  }

  if (!response.ok) throw await errorFromResponse(response);
  if (options.schema === null || response.status === 204) return undefined as T;

  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new ApiRequestError(response.status, clientErrorCodes.badResponse, `${path}: the answer is not JSON`);
  }
  try {
    return options.schema.parse(data);
  } catch {
    throw new ApiRequestError(response.status, clientErrorCodes.badResponse, `${path}: the answer has an unexpected shape`);
  }
}

async function errorFromResponse(response: Response): Promise<ApiRequestError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's HTML page, an empty body): fall back to the status line.
  }
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { statusCode, code, message, field } = parsed.data;
    return new ApiRequestError(statusCode, code, message, field);
  }
  return new ApiRequestError(response.status, clientErrorCodes.http, `${response.status} ${response.statusText}`.trim());
}
