import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { precompressedAssets } from './precompressed-assets.js';

/** Vite names built assets by content hash, so they never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** SPEC §2: /{language} (2–3 letters, optional region) opens the game in that language. */
const LANGUAGE_PATH = /^\/[a-z]{2,3}(?:-[A-Za-z]{2,4})?\/?$/;

/**
 * Serves the built client at `/` (the client routes with the hash, so the server only ever sees `/`)
 * and at language paths. Hashed assets go out precompressed when the browser accepts it. Without a build
 * it says how to make one instead of answering 404.
 */
export function serveClient(app: NestExpressApplication, clientDist: string): void {
  const index = join(clientDist, 'index.html');
  if (existsSync(index)) {
    app.use(precompressedAssets(clientDist, IMMUTABLE));
    app.useStaticAssets(clientDist, { index: 'index.html', maxAge: '1h', setHeaders: immutableAssets });
  }
  app.use((request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' || !(request.path === '/' || LANGUAGE_PATH.test(request.path))) return next();
    if (existsSync(index)) return response.sendFile(index, { headers: { 'Cache-Control': 'no-cache' } });
    response.status(503).type('text/plain').send(`The client is not built yet: run "npm run build" (looked for ${index}).`);
  });
}

function immutableAssets(response: Response, path: string): void {
  if (path.includes('/assets/')) response.setHeader('Cache-Control', IMMUTABLE);
  else if (path.endsWith('index.html')) response.setHeader('Cache-Control', 'no-cache');
}
