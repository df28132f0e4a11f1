import { Logger } from '@nestjs/common';
import type { Ack, ApiError } from '@globetrail/contracts';
import type { z } from 'zod';
import { capText, MAX_ERROR_MESSAGE } from '../../api/api-exception.filter.js';
import { ApiException } from '../../api/api-error.js';
import { CommandRejectedError } from '../../app/commands/handle-command.js';

const logger = new Logger('live');

export class SocketCommandError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Validates a socket payload against its contracts schema; the first issue becomes an error naming its field. */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'payload';
  throw new SocketCommandError('validation_failed', `${field}: ${issue?.message ?? 'invalid'}`, field);
}

/** Runs a socket command and answers `{ ok, data | error }`; every refusal carries a code and a message. */
export async function acked<T>(what: string, run: () => Promise<T>): Promise<Ack<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      const message = capText(refusal.message, MAX_ERROR_MESSAGE);
      return { ok: false, error: refusal.field === undefined ? { code: refusal.code, message } : { code: refusal.code, message, field: capText(refusal.field, 100) } };
    }
    logger.error(`${what}: ${(error as Error).stack ?? String(error)}`);
    return { ok: false, error: { code: 'internal', message: 'something went wrong on our side; please try again' } };
  }
}

/** An expected refusal's code, message and field (messages may quote the input, so they are capped like REST's). */
function refusalOf(error: unknown): { code: string; message: string; field?: string | undefined } | null {
  if (error instanceof CommandRejectedError) return error.rejection;
  if (error instanceof SocketCommandError) return error;
  if (error instanceof ApiException) return error.getResponse() as ApiError;
  return null;
}

/** A small token bucket per socket, so one client cannot flood the game streams. */
export class CommandBudget {
  private tokens: number;
  private at = Date.now();

  constructor(
    private readonly capacity = 30,
    private readonly perSecond = 15,
  ) {
    this.tokens = capacity;
  }

  take(): void {
    const now = Date.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) throw new SocketCommandError('rate_limited', 'too many commands: slow down');
    this.tokens -= 1;
  }
}
