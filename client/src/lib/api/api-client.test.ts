import { jest } from '@jest/globals';
import { z } from 'zod';
import { apiGet, apiPost, GET_MAX_RETRIES, GET_RETRY_BASE_MS } from './api-client';
import { ApiRequestError, readableMessage } from './api-error';

const ok = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const failing = (status: number) => new Response(JSON.stringify({ statusCode: status, code: status === 404 ? 'not_found' : 'internal', message: 'no' }), { status });
const schema = z.object({ value: z.number() });

/** Every request the client makes, and when, on jest's fake clock. */
function fakeServer(answers: Array<() => Response | Promise<Response>>) {
  const calls: number[] = [];
  globalThis.fetch = jest.fn(async () => {
    calls.push(Date.now());
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  }) as typeof fetch;
  return calls;
}

describe('the API client’s retries (SPEC §8)', () => {
  const realFetch = globalThis.fetch;
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => {
    jest.useRealTimers();
    globalThis.fetch = realFetch;
  });

  it('retries a failed GET 5 times, 200 ms doubling, then succeeds', async () => {
    const calls = fakeServer([() => failing(503), () => failing(503), () => Promise.reject(new TypeError('Failed to fetch')), () => failing(500), () => failing(502), () => ok({ value: 7 })]);
    const answer = apiGet('/thing', schema);
    await jest.runAllTimersAsync();
    await expect(answer).resolves.toEqual({ value: 7 });
    expect(calls.slice(1).map((at, index) => at - calls[index]!)).toEqual([200, 400, 800, 1600, 3200]);
    expect(GET_RETRY_BASE_MS).toBe(200);
  });

  it('gives up after the fifth retry with the last failure', async () => {
    const calls = fakeServer(Array.from({ length: 6 }, () => () => failing(503)));
    const answer = apiGet('/thing', schema);
    const settled = answer.catch((error: unknown) => error);
    await jest.runAllTimersAsync();
    expect(await settled).toBeInstanceOf(ApiRequestError);
    expect(calls).toHaveLength(GET_MAX_RETRIES + 1);
  });

  it('never retries a 404, an abort, or a command', async () => {
    let calls = fakeServer([() => failing(404)]);
    await expect(apiGet('/missing', schema)).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);

    const controller = new AbortController();
    calls = fakeServer([() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError'))]);
    controller.abort();
    await expect(apiGet('/slow', schema, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);

    calls = fakeServer([() => failing(503)]);
    await expect(apiPost('/command', {}, schema)).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });
});

describe('readableMessage', () => {
  it('drops the field name the server puts first for API callers, and starts with a capital', () => {
    expect(readableMessage('password: this is one of the most common passwords', 'password')).toBe('This is one of the most common passwords');
  });

  it('keeps a nested path, which names no input the player sees', () => {
    expect(readableMessage('guess.lat: Number must be less than or equal to 90', 'guess.lat')).toBe('guess.lat: Number must be less than or equal to 90');
  });

  it('leaves a message alone that does not start with its field', () => {
    expect(readableMessage('the game is over')).toBe('the game is over');
    expect(readableMessage('name: taken', 'email')).toBe('name: taken');
  });
});
