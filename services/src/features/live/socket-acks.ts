import { Logger } from '@nestjs/common';
import type { Ack, ApiError } from '@globetrail/contracts';
import type { z } from 'zod';
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
    if (error instanceof CommandRejectedError) {
      const { code, message, field } = error.rejection;
      return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
    }
    if (error instanceof SocketCommandError) return { ok: false, error: error.field === undefined ? { code: error.code, message: error.message } : { code: error.code, message: error.message, field: error.field } };
    if (error instanceof ApiException) {
      const body = error.getResponse() as ApiError;
      return { ok: false, error: body.field === undefined ? { code: body.code, message: body.message } : { code: body.code, message: body.message, field: body.field } };
    }
    logger.error(`${what}: ${(error as Error).stack ?? String(error)}`);
    return { ok: false, error: { code: 'internal', message: 'something went wrong on our side; please try again' } };
  }
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
