/** Codes the client itself produces when no server answer explains the failure. */
export const clientErrorCodes = {
  network: 'network',
  badResponse: 'bad_response',
  http: 'http_error',
} as const;

/** A failed call, carrying the server's `{statusCode, code, message, field?}` when it sent one. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The server's message as a player reads it: a refusal names its field first for callers of the API
 * ("password: this is one of the most common passwords"). A form's own field (a plain name) is the input the
 * page shows the message beside, so its name goes and the sentence starts with a capital; a nested path
 * ("guess.lat", "rou.0") is no input the player sees, and stays to say what was refused.
 */
export function readableMessage(message: string, field?: string): string {
  if (!field || field.includes('.') || !message.startsWith(`${field}: `)) return message;
  const rest = message.slice(field.length + 2);
  return rest.charAt(0).toLocaleUpperCase() + rest.slice(1);
}
