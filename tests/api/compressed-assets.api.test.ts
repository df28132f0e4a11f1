import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '../../client/scripts/precompress.mjs';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes on the wire, undecoded (fetch and supertest would decompress them). */
function rawRequest(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const SCRIPT = 'assets/index-AbCd1234.js';
const STYLE = 'assets/index-EfGh5678.css';
const PICTURE = 'assets/flag-IjKl9012.png';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const CHROMIUM = 'gzip, deflate, br, zstd';

/** A client build in miniature, compressed by the same script as the real build. */
async function fakeBuild(): Promise<string> {
  const dist = mkdtempSync(join(tmpdir(), 'globetrail-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'sounds'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head><body><div id="root"></div></body></html>`);
  writeFileSync(join(dist, SCRIPT), Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2; // the game's code\n`).join(''));
  writeFileSync(join(dist, STYLE), Array.from({ length: 200 }, (_, i) => `.panel-${i} { margin: ${i}px; color: #e40a0a; }\n`).join(''));
  writeFileSync(join(dist, PICTURE), Buffer.from(Array.from({ length: 2000 }, (_, i) => (i * 7919) % 256)));
  writeFileSync(join(dist, 'sounds', 'click.wav'), Buffer.alloc(4000, 1));
  await precompress(dist);
  return dist;
}

describe('the client build, precompressed', () => {
  let t: TestApp;
  let dist: string;
  let base: string;
  const savedDist = process.env.CLIENT_DIST;
  beforeAll(async () => {
    dist = await fakeBuild();
    process.env.CLIENT_DIST = dist;
    t = await startTestApp();
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await t.close();
    if (savedDist === undefined) delete process.env.CLIENT_DIST;
    else process.env.CLIENT_DIST = savedDist;
    rmSync(dist, { recursive: true, force: true });
  });

  const original = (path: string) => readFileSync(join(dist, path));

  it('writes brotli and gzip beside text assets only', () => {
    for (const path of [SCRIPT, STYLE]) {
      expect(brotliDecompressSync(readFileSync(join(dist, `${path}.br`)))).toEqual(original(path));
      expect(gunzipSync(readFileSync(join(dist, `${path}.gz`)))).toEqual(original(path));
    }
    expect(existsSync(join(dist, `${PICTURE}.br`))).toBe(false);
    expect(existsSync(join(dist, 'sounds', 'click.wav.br'))).toBe(false);
  });

  it('sends brotli to a browser that accepts it, whatever order it lists encodings in', async () => {
    const answer = await rawRequest(`${base}/${SCRIPT}`, { 'Accept-Encoding': CHROMIUM });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(original(SCRIPT).length / 4);
    expect(brotliDecompressSync(answer.body)).toEqual(original(SCRIPT));
  });

  it('sends gzip when brotli is not accepted, with the stylesheet’s own type', async () => {
    for (const acceptEncoding of ['gzip, deflate', 'gzip, br;q=0']) {
      const answer = await rawRequest(`${base}/${STYLE}`, { 'Accept-Encoding': acceptEncoding });
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(gunzipSync(answer.body)).toEqual(original(STYLE));
    }
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const requests: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of requests) {
      const answer = await rawRequest(`${base}/${SCRIPT}`, headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(answer.headers['vary']).toMatch(/Accept-Encoding/i);
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(answer.body).toEqual(original(SCRIPT));
    }
  });

  it('answers HEAD with the encoded size and no body', async () => {
    const answer = await rawRequest(`${base}/${SCRIPT}`, { 'Accept-Encoding': CHROMIUM }, 'HEAD');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(Number(answer.headers['content-length'])).toBe(readFileSync(join(dist, `${SCRIPT}.br`)).length);
    expect(answer.body.length).toBe(0);
  });

  it('sends pictures and files outside assets/ as they are: a picture long-cached, a sound for an hour', async () => {
    const picture = await rawRequest(`${base}/${PICTURE}`, { 'Accept-Encoding': CHROMIUM });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['cache-control']).toBe(IMMUTABLE);
    expect(picture.body).toEqual(original(PICTURE));

    const sound = await rawRequest(`${base}/sounds/click.wav`, { 'Accept-Encoding': CHROMIUM });
    expect(sound.headers['content-encoding']).toBeUndefined();
    expect(sound.headers['cache-control']).toBe('public, max-age=3600');
    expect(sound.body).toEqual(original('sounds/click.wav'));
  });

  it('keeps index.html revalidated on every load', async () => {
    for (const path of ['/', '/index.html', '/de']) {
      const answer = await rawRequest(`${base}${path}`, { 'Accept-Encoding': CHROMIUM });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('does not reach outside assets/ through an encoded path', async () => {
    const answer = await rawRequest(`${base}/assets/..%2F..%2Fetc%2Fpasswd`, { 'Accept-Encoding': CHROMIUM });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).not.toContain('root:');
  });

  it('compresses API answers above 1 KB for clients that accept it, and leaves small ones alone', async () => {
    const large = await rawRequest(`${base}/docs/openapi.json`, { 'Accept-Encoding': CHROMIUM });
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers['vary']).toMatch(/Accept-Encoding/i);
    const document = JSON.parse(brotliDecompressSync(large.body).toString()) as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);

    const gzipOnly = await rawRequest(`${base}/docs/openapi.json`, { 'Accept-Encoding': 'gzip' });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipOnly.body).toString())).toEqual(document);

    const plain = await rawRequest(`${base}/docs/openapi.json`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(document);

    const small = await rawRequest(`${base}/client-config`, { 'Accept-Encoding': CHROMIUM });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
