import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ImageryUnavailableError } from '../imagery.port.js';
import { createProviderHttp, DEFAULT_USER_AGENT, withoutQueries, type ResilientHttpOptions } from './resilient-http.js';

/** A real provider on 127.0.0.1: `answer` gets each request with its 0-based number. */
interface FakeProvider {
  url: string;
  requests: { path: string; userAgent: string | undefined; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

type Answer = (request: IncomingMessage, response: ServerResponse, index: number) => void;

const servers: FakeProvider[] = [];

async function fakeProvider(answer: Answer): Promise<FakeProvider> {
  const requests: FakeProvider['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ path: request.url ?? '', userAgent: request.headers['user-agent'], headers: request.headers });
    answer(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const provider: FakeProvider = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(provider);
  return provider;
}

const json = (response: ServerResponse, body: unknown, status = 200) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const status = (response: ServerResponse, code: number, headers: Record<string, string> = {}) => {
  response.writeHead(code, headers);
  response.end(`status ${code}`);
};

/** A client whose waits are recorded instead of slept, and whose breaker clock the test moves. */
function client(options: Partial<ResilientHttpOptions> = {}) {
  const delays: number[] = [];
  const clock = { ms: 1_000_000 };
  const http = createProviderHttp({
    provider: 'fake',
    sleep: async (ms) => {
      delays.push(ms);
    },
    now: () => clock.ms,
    ...options,
  });
  return { http, delays, clock };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('a resilient provider client', () => {
  it('retries after a 503 and a dropped connection, then answers the JSON, identifying itself', async () => {
    const provider = await fakeProvider((request, response, index) => {
      if (index === 0) return status(response, 503);
      if (index === 1) return request.socket.destroy();
      json(response, { images: [1, 2] });
    });
    const { http, delays } = client();

    await expect(http.json(`${provider.url}/search?bbox=1`, { headers: { 'x-extra': 'yes' } })).resolves.toEqual({
      images: [1, 2],
    });
    expect(provider.requests).toHaveLength(3);
    expect(delays).toEqual([200, 400]);
    expect(provider.requests.map((request) => request.userAgent)).toEqual(Array(3).fill(DEFAULT_USER_AGENT));
    expect(provider.requests[2]?.headers['x-extra']).toBe('yes');
    expect(provider.requests[2]?.path).toBe('/search?bbox=1');
    expect(http.state()).toBe('closed');
  });

  it('gives up after 5 retries, waiting 200, 400, 800, 1600 and 3200 ms between attempts', async () => {
    const provider = await fakeProvider((_request, response) => status(response, 500));
    const { http, delays } = client();

    const failure = http.json(`${provider.url}/search`);
    await expect(failure).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(failure).rejects.toThrow(/^fake failed after 6 attempts \(GET http:\/\/127\.0\.0\.1:\d+\/search\); last: HTTP 500/);
    expect(provider.requests).toHaveLength(6);
    expect(delays).toEqual([200, 400, 800, 1600, 3200]);
  });

  it('uses the configured retries, delays and user agent', async () => {
    const provider = await fakeProvider((_request, response) => status(response, 502));
    const { http, delays } = client({ retries: 2, baseDelayMs: 50, userAgent: 'Test/1.0' });

    await expect(http.bytes(`${provider.url}/image`)).rejects.toThrow(/failed after 3 attempts .*HTTP 502/);
    expect(delays).toEqual([50, 100]);
    expect(provider.requests.map((request) => request.userAgent)).toEqual(['Test/1.0', 'Test/1.0', 'Test/1.0']);
  });

  it('resolves null for a 404 without retrying', async () => {
    const provider = await fakeProvider((_request, response) => status(response, 404));
    const { http, delays } = client();

    await expect(http.json(`${provider.url}/image/1`)).resolves.toBeNull();
    expect(provider.requests).toHaveLength(1);
    await expect(http.bytes(`${provider.url}/image/1/jpeg`)).resolves.toBeNull();
    expect(provider.requests).toHaveLength(2);
    expect(delays).toEqual([]);
  });

  it('throws at once for another 4xx, naming the status', async () => {
    const provider = await fakeProvider((_request, response, index) => status(response, index === 0 ? 400 : 403));
    const { http, delays } = client();

    const badRequest = http.json(`${provider.url}/search`);
    await expect(badRequest).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(badRequest).rejects.toThrow(/^fake answered HTTP 400 Bad Request \(GET http:\/\/127\.0\.0\.1:\d+\/search\)$/);
    await expect(http.bytes(`${provider.url}/image`)).rejects.toThrow(/HTTP 403 Forbidden/);
    expect(provider.requests).toHaveLength(2);
    expect(delays).toEqual([]);
  });

  it('throws at once when the provider answers something that is not JSON', async () => {
    const provider = await fakeProvider((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const { http } = client();

    const failure = http.json(`${provider.url}/search`);
    await expect(failure).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(failure).rejects.toThrow(/not JSON \(text\/html\)/);
    expect(provider.requests).toHaveLength(1);
  });

  it('serves bytes with their content type', async () => {
    const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const provider = await fakeProvider((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.end(image);
    });
    const { http } = client();

    await expect(http.bytes(`${provider.url}/image`)).resolves.toEqual({ body: image, contentType: 'image/jpeg' });
  });

  it('times out a provider that does not answer, and retries', async () => {
    const provider = await fakeProvider((_request, response, index) => {
      if (index > 0) json(response, { ok: true });
      // The first request never gets an answer: closing the server ends it.
    });
    const { http, delays } = client({ timeoutMs: 100 });

    await expect(http.json(`${provider.url}/search`)).resolves.toEqual({ ok: true });
    expect(provider.requests).toHaveLength(2);
    expect(delays).toEqual([200]);
  });

  it('times out a body that stalls halfway, and retries', async () => {
    const image = Buffer.alloc(4096, 7);
    const provider = await fakeProvider((_request, response, index) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) });
      if (index === 0) response.write(image.subarray(0, 1000));
      else response.end(image);
    });
    const { http } = client({ timeoutMs: 5_000 });

    await expect(http.bytes(`${provider.url}/image`, { timeoutMs: 150 })).resolves.toEqual({
      body: image,
      contentType: 'image/jpeg',
    });
    expect(provider.requests).toHaveLength(2);
  });

  it('gives up on a provider that never answers with a message saying it timed out', async () => {
    const provider = await fakeProvider(() => {});
    const { http } = client({ timeoutMs: 50, retries: 1 });

    await expect(http.json(`${provider.url}/search`)).rejects.toThrow(/failed after 2 attempts .*timed out after 50 ms/);
    expect(provider.requests).toHaveLength(2);
  });

  it('waits what a 429’s Retry-After asks, up to 10 s', async () => {
    const provider = await fakeProvider((_request, response, index) => {
      if (index === 0) return status(response, 429, { 'retry-after': '2' });
      if (index === 1) return status(response, 429, { 'retry-after': '3600' });
      if (index === 2) return status(response, 429);
      json(response, []);
    });
    const { http, delays } = client();

    await expect(http.json(`${provider.url}/search`)).resolves.toEqual([]);
    expect(provider.requests).toHaveLength(4);
    expect(delays).toEqual([2000, 10_000, 800]);
  });

  it('reports a refused connection as a network error after the retries', async () => {
    const provider = await fakeProvider(() => {});
    await provider.close();
    const { http } = client({ retries: 1 });

    await expect(http.json(`${provider.url}/search`)).rejects.toThrow(/failed after 2 attempts .*network error: .*ECONNREFUSED/);
  });
});

describe('its circuit breaker', () => {
  /** A provider that fails with 503 until `healthy` is set. */
  async function flakyProvider() {
    const health = { healthy: false };
    const provider = await fakeProvider((_request, response) =>
      health.healthy ? json(response, { ok: true }) : status(response, 503),
    );
    return { provider, health };
  }
  const breaker = { failureThreshold: 3, openMs: 30_000 };

  it('opens after the threshold of failed calls and fails fast without a request', async () => {
    const { provider } = await flakyProvider();
    const { http } = client({ retries: 1, breaker });

    for (let call = 0; call < 3; call += 1) {
      expect(http.state()).toBe('closed');
      await expect(http.json(`${provider.url}/search`)).rejects.toThrow(/failed after 2 attempts/);
    }
    expect(http.state()).toBe('open');
    expect(provider.requests).toHaveLength(6);

    const fastFailure = http.bytes(`${provider.url}/image`);
    await expect(fastFailure).rejects.toBeInstanceOf(ImageryUnavailableError);
    await expect(fastFailure).rejects.toThrow(
      /^fake is unavailable \(circuit open\): 3 calls failed in a row, next try in 30 s; last failure: fake failed after 2 attempts/,
    );
    expect(provider.requests).toHaveLength(6);
  });

  it('opens after the default 5 failed calls', async () => {
    const { provider } = await flakyProvider();
    const { http } = client({ retries: 0 });

    for (let call = 0; call < 5; call += 1) await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/failed after 1 attempt/);
    expect(http.state()).toBe('open');
    await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/circuit open/);
    expect(provider.requests).toHaveLength(5);
  });

  it('lets one trial call through after openMs: a failure opens it again, a success closes it', async () => {
    const { provider, health } = await flakyProvider();
    const { http, clock } = client({ retries: 1, breaker });
    for (let call = 0; call < 3; call += 1) await expect(http.json(`${provider.url}/a`)).rejects.toThrow();

    clock.ms += 29_999;
    expect(http.state()).toBe('open');
    await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/circuit open.*next try in 1 s/);
    expect(provider.requests).toHaveLength(6);

    clock.ms += 1;
    expect(http.state()).toBe('half-open');
    await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/failed after 2 attempts/);
    expect(provider.requests).toHaveLength(8);
    expect(http.state()).toBe('open');
    await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/circuit open/);
    expect(provider.requests).toHaveLength(8);

    clock.ms += 30_000;
    health.healthy = true;
    await expect(http.json(`${provider.url}/a`)).resolves.toEqual({ ok: true });
    expect(http.state()).toBe('closed');
    await expect(http.json(`${provider.url}/a`)).resolves.toEqual({ ok: true });
    expect(provider.requests).toHaveLength(10);
  });

  it('fails other calls fast while the trial call is under way', async () => {
    let failing = true;
    let releaseTrial = () => {};
    const provider = await fakeProvider((_request, response) => {
      if (failing) return status(response, 503);
      releaseTrial = () => json(response, { trial: true });
    });
    const { http, clock } = client({ retries: 0, breaker });
    for (let call = 0; call < 3; call += 1) await expect(http.json(`${provider.url}/a`)).rejects.toThrow();
    clock.ms += 30_000;
    failing = false;

    const trial = http.json(`${provider.url}/trial`);
    await waitFor(() => provider.requests.length === 4);
    expect(http.state()).toBe('half-open');
    await expect(http.json(`${provider.url}/other`)).rejects.toThrow(/circuit open.*a trial call is under way/);
    releaseTrial();
    await expect(trial).resolves.toEqual({ trial: true });
    expect(provider.requests.map((request) => request.path).slice(3)).toEqual(['/trial']);
    expect(http.state()).toBe('closed');
  });

  it('does not let a request that cannot be sent take the trial call', async () => {
    const { provider, health } = await flakyProvider();
    const { http, clock } = client({ retries: 0, breaker });
    for (let call = 0; call < 3; call += 1) await expect(http.json(`${provider.url}/a`)).rejects.toThrow();
    clock.ms += 30_000;
    health.healthy = true;

    await expect(http.json(`${provider.url}/a`, { headers: { 'x-bad': 'line\nbreak' } })).rejects.toThrow(/invalid header value/);
    expect(http.state()).toBe('half-open');
    await expect(http.json(`${provider.url}/a`)).resolves.toEqual({ ok: true });
    expect(http.state()).toBe('closed');
  });

  it('counts a 404 or another 4xx as the provider answering', async () => {
    const answers = [503, 503, 404, 503, 503, 400, 503, 503];
    const provider = await fakeProvider((_request, response, index) => status(response, answers[index] ?? 503));
    const { http } = client({ retries: 0, breaker });

    for (const _answer of answers) await http.json(`${provider.url}/a`).catch(() => null);
    expect(http.state()).toBe('closed');
    await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/failed after 1 attempt/);
    expect(http.state()).toBe('open');
  });

  it('counts an answer that is not JSON as a failure', async () => {
    const provider = await fakeProvider((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>');
    });
    const { http } = client({ breaker });

    for (let call = 0; call < 3; call += 1) await expect(http.json(`${provider.url}/a`)).rejects.toThrow(/not JSON/);
    expect(http.state()).toBe('open');
    expect(provider.requests).toHaveLength(3);
  });
});

describe('its error messages', () => {
  const secret = 'SECRET-TOKEN-123';
  const expectNoSecret = async (call: Promise<unknown>, pattern: RegExp) => {
    const error = (await call.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (reason: unknown) => reason,
    )) as Error;
    expect(error).toBeInstanceOf(ImageryUnavailableError);
    expect(error.message).toMatch(pattern);
    expect(`${error.message}\n${error.stack}\n${String(error.cause)}`).not.toContain(secret);
    expect(error.message).not.toContain('access_token');
  };

  it('never show the query string, which may carry an access token', async () => {
    const provider = await fakeProvider((request, response) => {
      const path = request.url ?? '';
      if (path.startsWith('/broken')) return status(response, 500);
      if (path.startsWith('/refused')) return status(response, 401);
      if (path.startsWith('/html')) return status(response, 200, { 'content-type': 'text/html' });
      // '/slow' never answers.
    });
    const { http } = client({ retries: 1, timeoutMs: 50, breaker: { failureThreshold: 4 } });
    const query = `?access_token=${secret}&fields=id#${secret}`;

    await expectNoSecret(http.json(`${provider.url}/refused${query}`), /HTTP 401 Unauthorized \(GET http:\/\/127\.0\.0\.1:\d+\/refused\)$/);
    await expectNoSecret(http.json(`${provider.url}/broken${query}`), /\/broken\); last: HTTP 500/);
    await expectNoSecret(http.json(`${provider.url}/html${query}`), /not JSON/);
    await expectNoSecret(http.bytes(`${provider.url}/slow${query}`), /timed out/);
    await expectNoSecret(http.json(`not a url${query}`), /^fake: not an http\(s\) URL: not a url$/);
    await expectNoSecret(http.json(`${provider.url}/broken${query}`), /HTTP 500/);
    expect(http.state()).toBe('open');
    await expectNoSecret(http.json(`${provider.url}/broken${query}`), /circuit open.*last failure: .*\/broken/);

    const closed = await fakeProvider(() => {});
    await closed.close();
    await expectNoSecret(client({ retries: 0 }).http.json(`${closed.url}/x${query}`), /network error/);
  });

  it('quote other texts with the query strings of the URLs in them removed', () => {
    expect(withoutQueries('Failed to parse URL from https://graph.example/v4/images?access_token=abc&f=1 (bad)')).toBe(
      'Failed to parse URL from https://graph.example/v4/images (bad)',
    );
    expect(withoutQueries("'http://a.example/b#token=x', HTTPS://C.example/d?e")).toBe("'http://a.example/b', HTTPS://C.example/d");
    expect(withoutQueries('no URL here? none#')).toBe('no URL here? none#');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition did not come true in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
