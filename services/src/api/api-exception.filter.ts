import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { ApiError, ErrorCode } from '@globetrail/contracts';
import type { Response } from 'express';
import { CommandRejectedError } from '../app/commands/handle-command.js';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/** Renders every error as the contracts' ApiError JSON; unexpected ones are logged and kept vague. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('api');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const body = capped(toApiError(exception));
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(body.statusCode).json(body);
  }
}

/** Messages quote what the caller sent (`no game <id>`); a 10 KB id must not come back 10 KB long. */
export const MAX_ERROR_MESSAGE = 300;
const MAX_ERROR_FIELD = 100;

export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function capped(body: ApiError): ApiError {
  const message = capText(body.message, MAX_ERROR_MESSAGE);
  return body.field === undefined ? { ...body, message } : { ...body, message, field: capText(body.field, MAX_ERROR_FIELD) };
}

function toApiError(exception: unknown): ApiError {
  if (exception instanceof CommandRejectedError) {
    const { status, code, message, field } = exception.rejection;
    return field === undefined ? { statusCode: status, code, message } : { statusCode: status, code, message, field };
  }
  // Nest turns body-parser's SyntaxError (malformed JSON) into a BadRequestException caused by it.
  if (exception instanceof HttpException && exception.cause instanceof SyntaxError) {
    return { statusCode: 400, code: 'validation_failed', message: `body: not valid JSON (${exception.cause.message})`, field: 'body' };
  }
  // body-parser's "request entity too large", as Nest hands it on.
  if (exception instanceof HttpException && exception.getStatus() === 413) {
    const limit = (exception.cause as { limit?: unknown } | undefined)?.limit;
    const most = typeof limit === 'number' ? ` (at most ${Math.round(limit / 1024)} KB)` : '';
    return { statusCode: 413, code: 'validation_failed', message: `body: too large${most}`, field: 'body' };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'object' && response !== null && 'code' in response && 'message' in response) return response as ApiError;
    const message = typeof response === 'string' ? response : messageOf(response) ?? exception.message;
    return { statusCode, code: codeForStatus[statusCode] ?? (statusCode >= 500 ? 'internal' : 'validation_failed'), message };
  }
  if (isBodyParserError(exception)) {
    return { statusCode: exception.status, code: 'validation_failed', message: `body: ${exception.message}`, field: 'body' };
  }
  return { statusCode: 500, code: 'internal', message: 'something went wrong on our side; please try again' };
}

function messageOf(response: unknown): string | undefined {
  if (typeof response !== 'object' || response === null || !('message' in response)) return undefined;
  const message = (response as { message: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : typeof message === 'string' ? message : undefined;
}

function isBodyParserError(error: unknown): error is { status: number; message: string } {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error && typeof (error as { status: unknown }).status === 'number';
}
