import { connect } from 'node:net';
import { apiErrorSchema, socketCommandSchemas } from '@globetrail/contracts';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import { fromOpenApi30, invalidArbitrary, type JsonSchema, validArbitrary } from '../support/json-schema-arbitrary.js';
import { anonymousPlayer, signedUpPlayer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Property-based fuzzing of every REST route in the OpenAPI document and every Socket.IO command in the
 * contracts: inputs generated from the same zod schemas that validate them, valid and invalid, sent with
 * and without a token. Whatever comes in, the server answers well-formed: no 5xx, an ApiError body for
 * every 4xx, a 2xx body that matches its documented schema, no unhandled rejection, and it keeps serving.
 * Bounded: a fixed number of runs per route (FUZZ_RUNS, default 12) with a fixed seed per run of the suite.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  path: string;
  body?: JsonSchema;
  success?: { status: string; schema: JsonSchema };
}

/** Routes a fuzzer must not drive: the API docs themselves, and operator calls that rewrite the whole store. */
const SKIPPED = new Set(['/docs', '/docs/openapi.json', '/ops/rebuild', '/ops/import']);

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

describe(`fuzzing the API and the sockets (seed ${SEED}, ${RUNS} runs each)`, () => {
  let t: TestApp;
  let tokens: Array<string | null>;
  let operations: Operation[];
  const ajv = new Ajv({ strict: false, allErrors: false });

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    t = await startTestApp();
    const guest = await anonymousPlayer(t);
    const member = await signedUpPlayer(t, 'Fuzzy');
    tokens = [null, guest.token, member.token, 'not-a-token'];
    const document = (await t.http.get('/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, OperationObject>> };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      SKIPPED.has(path)
        ? []
        : Object.entries(methods).map(([method, operation]) => {
            const body = operation.requestBody?.content?.['application/json']?.schema;
            const success = Object.entries(operation.responses ?? {}).find(([status, response]) => status.startsWith('2') && response.content?.['application/json']?.schema);
            return {
              method: method as Operation['method'],
              path,
              ...(body ? { body } : {}),
              ...(success ? { success: { status: success[0], schema: success[1].content!['application/json']!.schema! } } : {}),
            };
          }),
    );
  });
  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await t.close();
  });

  it('covers every route the API documents', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it('answers every REST route well-formed, whatever the path, body and token', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const bodies = operation.body ? fc.oneof(validArbitrary(operation.body), invalidArbitrary(operation.body)) : invalidArbitrary({});
      const segment = fc.oneof(fc.constantFrom('0', '1', 'x', 'me', 'world', 'NaN', '-1', '..', '%00', 'a'.repeat(300)), fc.string({ maxLength: 40 }));
      const samples = fc.sample(fc.record({ body: bodies, segments: fc.array(segment, { minLength: 6, maxLength: 6 }), token: fc.constantFrom(...tokens) }), { numRuns: RUNS, seed: SEED });
      for (const sample of samples) {
        let i = 0;
        const path = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(sample.segments[i++ % 6]!));
        let call = t.http[operation.method](path);
        if (sample.token) call = call.set('Authorization', sample.token);
        if (operation.method !== 'get') call = call.set('Content-Type', 'application/json').send(JSON.stringify(sample.body) ?? 'null');
        const response = await call;
        const where = `${operation.method.toUpperCase()} ${path.slice(0, 120)} ${JSON.stringify(sample.body)?.slice(0, 200)}`;
        if (response.status >= 500) failures.push(`${response.status} ${where}: ${JSON.stringify(response.body).slice(0, 300)}`);
        else if (response.status >= 400) {
          const error = apiErrorSchema.safeParse(response.body);
          if (!error.success || error.data.statusCode !== response.status || error.data.message.length > 300) failures.push(`malformed ${response.status} ${where}: ${JSON.stringify(response.body).slice(0, 300)}`);
        } else if (operation.success && String(response.status) === operation.success.status && response.type === 'application/json') {
          const validate = ajv.compile(fromOpenApi30(operation.success.schema) as object);
          if (!validate(response.body)) failures.push(`${response.status} not as documented ${where}: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    await t.http.get('/health/ready').expect(200);
    expect(rejections).toEqual([]);
  }, 60_000 + RUNS * 20_000);

  it('answers raw HTTP/1.0 and odd request lines with a 4xx or a 2xx/3xx, never a 5xx', async () => {
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const requests = [
      'GET /client-config HTTP/1.0\r\n\r\n',
      'GET / HTTP/1.0\r\n\r\n',
      'POST /solo HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      'GET /health/live HTTP/1.0\r\nHost: \r\n\r\n',
      'GET http://127.0.0.1/client-config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /%zz%ff/../..%2f HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'get /client-config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
      'GET /client-config HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n',
      'GET /client-config\r\n\r\n',
      `GET /${'a'.repeat(9000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
      'GET /games/x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: \r\nConnection: close\r\n\r\n',
      'BREW /client-config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    ];
    for (const request of requests) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(request));
        let text = '';
        socket.setTimeout(5_000, () => socket.destroy());
        socket.on('data', (chunk) => {
          text += String(chunk);
          // The status line is all this asks; HTTP/1.1 answers without Connection: close keep the socket open.
          if (text.includes('\r\n')) socket.destroy();
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      });
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      expect({ request: request.slice(0, 60), status: status >= 200 && status < 500 }).toEqual({ request: request.slice(0, 60), status: true });
    }
    const still = await t.http.get('/health/live');
    expect(still.status).toBe(200);
  });

  it('acknowledges every socket command well-formed, valid or not, and keeps the connection serving', async () => {
    const player = await anonymousPlayer(t);
    const socket: Socket = io(await t.app.getUrl(), { auth: { token: player.token }, transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ackSchema = z.union([z.object({ ok: z.literal(true), data: z.unknown() }), z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string().max(300), field: z.string().optional() }) })]);
    const failures: string[] = [];
    try {
      for (const [command, schema] of Object.entries(socketCommandSchemas)) {
        const jsonSchema = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        for (const payload of fc.sample(fc.oneof(validArbitrary(jsonSchema), invalidArbitrary(jsonSchema)), { numRuns: RUNS, seed: SEED })) {
          const ack = await socket.timeout(10_000).emitWithAck(command as never, payload as never);
          const parsed = ackSchema.safeParse(ack);
          if (!parsed.success) failures.push(`${command} ${JSON.stringify(payload).slice(0, 200)}: ${JSON.stringify(ack).slice(0, 300)}`);
          else if (!parsed.data.ok && parsed.data.error.code === 'internal') failures.push(`${command} ${JSON.stringify(payload).slice(0, 200)}: internal error`);
        }
      }
      // The budget per socket may refuse a flood; what matters is that it still answers.
      const last = await socket.timeout(10_000).emitWithAck('WatchGame' as never, { gameId: 'no-such-game' } as never);
      expect(ackSchema.safeParse(last).success).toBe(true);
    } finally {
      socket.disconnect();
    }
    expect(failures).toEqual([]);
    expect(rejections).toEqual([]);
  }, 30_000 + RUNS * 2_000);
});

interface OperationObject {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

