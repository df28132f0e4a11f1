import { HttpException } from '@nestjs/common';
import type { ApiError, ErrorCode } from '@globetrail/contracts';
import type { z } from 'zod';

/** The one exception type handlers throw; the filter renders it as the contracts' ApiError body. */
export class ApiException extends HttpException {
  constructor(statusCode: number, code: ErrorCode, message: string, field?: string) {
    const body: ApiError = field === undefined ? { statusCode, code, message } : { statusCode, code, message, field };
    super(body, statusCode);
  }
}

export const badRequest = (field: string, message: string) => new ApiException(400, 'validation_failed', `${field}: ${message}`, field);
export const notFound = (message: string) => new ApiException(404, 'not_found', message);
export const unauthenticated = (message = 'sign in first: the Authorization header is missing or invalid') =>
  new ApiException(401, 'unauthenticated', message);

/** Validates input against a contracts schema; the first issue becomes a 400 naming its field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, root = 'body'): z.infer<S> {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : root;
  throw badRequest(field, issue?.message ?? 'invalid');
}

/**
 * SPEC §7's paged path segments `{a}/{b}/{c}` (page, page size, sort), parsed by a contracts schema of
 * `{ page, pageSize, sort }`; a bad one is a 400 naming the segment (`a`, `b` or `c`) and what it means.
 */
export function parsePagePath<S extends z.ZodType>(schema: S, params: { a: string; b: string; c: string }, labels: { a: string; b: string; c: string }): z.infer<S> {
  const parsed = schema.safeParse({ page: params.a, pageSize: params.b, sort: params.c });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const segment = ({ page: 'a', pageSize: 'b', sort: 'c' } as const)[String(issue?.path[0]) as 'page' | 'pageSize' | 'sort'] ?? 'a';
  throw new ApiException(400, 'validation_failed', `${labels[segment]}: ${issue?.message ?? 'invalid'}`, segment);
}
