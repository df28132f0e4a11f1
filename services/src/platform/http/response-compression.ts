import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this a compressed body saves less than its headers and the CPU cost. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses dynamic answers (API JSON, index.html) for clients that accept it: brotli at quality 4 or
 * gzip, as the `compression` middleware negotiates. Socket.IO never passes here (engine.io answers its
 * own path before Express, with its own compression). The operators' export stays as written: it streams
 * JSON lines with trailers and is read as it comes, and it counts bytes for its checksum.
 * Precompressed client assets already carry a Content-Encoding, which this middleware leaves alone.
 */
export function compressResponses(): RequestHandler {
  return compression({ threshold: THRESHOLD_BYTES, filter: shouldCompress });
}

function shouldCompress(request: Request, response: Response): boolean {
  const type = String(response.getHeader('Content-Type') ?? '');
  if (type.startsWith('application/x-ndjson')) return false;
  return compression.filter(request, response);
}
