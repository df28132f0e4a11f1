import { ConsoleLogger, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { json } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { ApiExceptionFilter } from '../api/api-exception.filter.js';
import type { AppConfig } from '../config/config.js';
import { serveClient } from '../features/client-app/serve-client.js';
import { AuthenticatedIoAdapter } from '../features/live/authenticated-io-adapter.js';
import { IDENTITY_SECURITY_SCHEME } from '../identity/auth.guard.js';
import { compressResponses } from '../platform/http/response-compression.js';
import { applyServerLimits } from '../platform/http/server-limits.js';
import { requireHost } from '../platform/http/require-host.js';
import { securityHeaders } from '../platform/http/security-headers.js';
import { LOG_LEVELS, logThroughNest, printLogsAs } from '../platform/logging/logger.js';
import { AppModule } from './app.module.js';

const MAP_SAVE_BODY_LIMIT = '3mb';

/** Builds the whole embedded app (API, Socket.IO, projections, client); tests boot it the same way as main. */
export async function createApp(config: AppConfig, options: { logger?: boolean } = {}): Promise<NestExpressApplication> {
  const logLevels = LOG_LEVELS.slice(0, LOG_LEVELS.indexOf(config.logLevel) + 1);
  // The code that also runs on threads without Nest logs through the app's logger here (logging/logger.ts).
  logThroughNest((context) => new Logger(context));
  // ... and the threads it starts print as it does (workerData), where Nest is not loaded.
  printLogsAs({ format: config.logFormat, level: config.logLevel });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: options.logger === false ? false : config.logFormat === 'json' ? new ConsoleLogger({ json: true, logLevels }) : logLevels,
    bodyParser: false,
  });
  // Security headers first, so that every answer carries them, body parsers' errors included.
  app.use(securityHeaders(config));
  app.use(requireHost());
  // A map editor's save carries up to 10,000 locations (about 1.5 MB with every field); everything else
  // stays under 64 KB. The first parser to read a body marks it read, so the second leaves it alone.
  app.use('/maps/postUpdate', json({ limit: MAP_SAVE_BODY_LIMIT }));
  app.useBodyParser('json', { limit: '64kb' });
  app.useGlobalFilters(new ApiExceptionFilter());
  app.set('etag', false);
  app.set('x-powered-by', false);
  // Behind a proxy, request.ip (rate limits, logs) is the client's address from X-Forwarded-For (TRUST_PROXY).
  app.set('trust proxy', config.web.trustProxy);
  // Same origin only unless CORS_ORIGINS names other sites; tokens travel in a header, never in cookies.
  if (config.web.corsOrigins.length > 0) app.enableCors({ origin: [...config.web.corsOrigins], credentials: false, maxAge: 600 });
  app.use(compressResponses());
  app.enableShutdownHooks();
  if (config.roles.has('gateway')) app.useWebSocketAdapter(new AuthenticatedIoAdapter(app));

  const openApi = new DocumentBuilder()
    .setTitle('GlobeTrail API')
    .setDescription('Single-player rounds, profiles, scores and leaderboards. Rounds are answer-blind: no response carries a target before its result.')
    .setVersion(config.releaseId)
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'The identity token, bare (a "Bearer " prefix is accepted too)' }, IDENTITY_SECURITY_SCHEME)
    .build();
  SwaggerModule.setup('docs', app, () => SwaggerModule.createDocument(app, openApi), { jsonDocumentUrl: 'docs/openapi.json' });

  // The api role serves the client too; other roles answer their own calls and health checks only.
  if (config.roles.has('api')) serveClient(app, config.clientDist);
  applyServerLimits(app.getHttpServer(), config.web);
  await app.init();
  return app;
}
