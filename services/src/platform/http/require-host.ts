import type { RequestHandler } from 'express';

/**
 * Requests without a Host header (HTTP/1.0 allows them; HTTP/1.1 does not) are answered 400 before any
 * route sees them: routes and links are built from the host the client asked for, and a request that names
 * none has nothing to build them from.
 */
export function requireHost(): RequestHandler {
  return (request, response, next) => {
    const host = request.headers.host;
    if (typeof host === 'string' && host.trim() !== '') return next();
    response.status(400).json({ statusCode: 400, code: 'validation_failed', message: 'Host: the request names no host; send a Host header', field: 'Host' });
  };
}
