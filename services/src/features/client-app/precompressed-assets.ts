import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** Encodings the client's build writes beside each compressible asset (client/scripts/precompress.mjs), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

type Coding = (typeof ENCODINGS)[number]['coding'];

/** The q-value the request's Accept-Encoding gives each coding (RFC 9110 §12.5.3); absent means "not acceptable". */
export function acceptedCodings(header: string | undefined): Set<Coding> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)).find((match) => match !== null);
    weights.set(name, q ? Number(q[1]) : 1);
  }
  const accepted = new Set<Coding>();
  for (const { coding } of ENCODINGS) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > 0) accepted.add(coding);
  }
  return accepted;
}

/**
 * Answers GET/HEAD for a hashed asset under /assets/ with its brotli (preferred) or gzip sibling when the
 * request accepts one and the build made it: the original's Content-Type, the encoding named, and
 * `Vary: Accept-Encoding` so caches keep the variants apart. Anything else falls through to the plain file.
 */
export function precompressedAssets(clientDist: string, cacheControl: string) {
  const assets = join(clientDist, 'assets');
  return async (request: Request, response: Response, next: NextFunction) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.path.startsWith('/assets/')) return next();
    let relative: string;
    try {
      relative = decodeURIComponent(request.path.slice('/assets/'.length));
    } catch {
      return next();
    }
    const file = normalize(join(assets, relative));
    if (!file.startsWith(assets + sep)) return next();
    response.vary('Accept-Encoding');
    const accepted = acceptedCodings(request.headers['accept-encoding']);
    for (const { coding, suffix } of ENCODINGS) {
      if (!accepted.has(coding) || !(await isFile(file + suffix))) continue;
      response.setHeader('Content-Encoding', coding);
      response.setHeader('Cache-Control', cacheControl);
      response.type(extname(file));
      // The bytes sent are the encoded file: byte ranges of them would make no sense to a player's browser.
      return response.sendFile(file + suffix, { acceptRanges: false, cacheControl: false }, (error) => {
        if (error && !response.headersSent) {
          response.removeHeader('Content-Encoding');
          next();
        }
      });
    }
    next();
  };
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
