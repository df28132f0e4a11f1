import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Application } from 'express';
import proxyAddr from 'proxy-addr';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { APP_CONFIG, METRICS } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import { RateLimitedError, RateLimits } from '../../platform/rate-limit/rate-limits.js';
import { securityHeaderValues } from '../../platform/http/security-headers.js';
import { LiveSessions } from '../sessions/live-sessions.js';
import { TOKEN_VERIFIER } from '../../identity/auth.guard.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { type Principal, type TokenVerifier, tokenFromAuthorizationHeader } from '../../identity/identity.port.js';

export interface SocketData {
  principal: Principal;
  /** The client's address (through trusted proxies, TRUST_PROXY), for per-address limits. */
  address: string;
}

/**
 * Socket.IO with the identity token checked once, on connect, for every gateway: a connection without
 * a valid `auth.token` is refused with "unauthenticated: …" and never reaches a handler. Connections are
 * rate-limited per player and per address ("rate_limited: …"), and one player holds at most
 * MAX_SOCKETS_PER_PLAYER at once on every gateway replica together ("too_many_sockets: …"; LiveSessions).
 */
export class AuthenticatedIoAdapter extends IoAdapter {
  private readonly verifier: TokenVerifier;
  private readonly metrics: Metrics;
  private readonly limits: RateLimits;
  private readonly maxSocketsPerPlayer: number;
  private readonly trustProxy: (address: string, hop: number) => boolean;
  private readonly sessions: LiveSessions;
  /** The security headers every other answer has: engine.io answers its handshake and polls itself. */
  private readonly headers: Record<string, string>;

  constructor(app: NestExpressApplication) {
    super(app);
    this.verifier = app.get<TokenVerifier>(TOKEN_VERIFIER);
    this.metrics = app.get<Metrics>(METRICS);
    this.limits = app.get(RateLimits);
    this.maxSocketsPerPlayer = app.get<AppConfig>(APP_CONFIG).web.maxSocketsPerPlayer;
    this.trustProxy = (app.getHttpAdapter().getInstance() as Application).get('trust proxy fn') as (address: string, hop: number) => boolean;
    this.headers = securityHeaderValues(app.get<AppConfig>(APP_CONFIG));
    this.sessions = app.get(LiveSessions);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    const addHeaders = (headers: Record<string, string>) => Object.assign(headers, this.headers);
    server.engine.on('initial_headers', addHeaders);
    server.engine.on('headers', addHeaders);
    // One client connection whatever the namespaces it joins (engine.io's, under Socket.IO's).
    server.engine.on('connection', (connection: { once(event: 'close', listener: () => void): void }) => {
      this.metrics.sockets.inc();
      connection.once('close', () => this.metrics.sockets.dec());
    });
    server.use((socket, next) => {
      const raw = (socket.handshake.auth as { token?: unknown }).token;
      const token = typeof raw === 'string' ? tokenFromAuthorizationHeader(raw) : null;
      if (!token) return next(new Error('unauthenticated: send your identity token as auth.token'));
      const address = proxyAddr(socket.request, this.trustProxy);
      this.verifier.verify(token).then(
        (principal) => this.admit(socket, principal, address).then(() => next(), (error: Error) => next(error)),
        (error: Error) => next(new Error(`unauthenticated: ${error.message}`)),
      );
    });
    return server;
  }

  private async admit(socket: Socket, principal: Principal, address: string): Promise<void> {
    try {
      await this.limits.consume('socketConnection', { player: principal.uid, address });
    } catch (error) {
      if (error instanceof RateLimitedError) throw new Error(`rate_limited: ${error.message}`);
      throw error;
    }
    if (this.sessions.count(principal.uid) >= this.maxSocketsPerPlayer) throw new Error(`too_many_sockets: one player may hold ${this.maxSocketsPerPlayer} live connections at once; close a tab and try again`);
    Object.assign(socket.data as SocketData, { principal, address });
    // Closed when its session ends; counted for the cap until it disconnects.
    this.sessions.add(socket, principal);
  }

  /**
   * The same contract as IoAdapter's (each message to its handler, the handler's answer to the ack or as
   * an event, a failing handler logged without silencing the event), bound with one plain listener per
   * socket and message. IoAdapter builds an RxJS chain per socket and message (fromEvent, mergeMap,
   * takeUntil: about fifteen objects each), which for 1,500 sockets and fifteen messages kept some 22,500
   * live subscriber chains that every garbage collection had to walk. A socket's listeners go with it on
   * disconnect, so nothing has to be torn down.
   */
  override bindMessageHandlers(socket: Socket, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length <= 1 ? args[0] : args);
        let answers: Observable<unknown>;
        try {
          answers = transform(callback(data, ack));
        } catch (error) {
          this.logger.error(error);
          return;
        }
        answers.subscribe({
          next: (response) => {
            if (response === null || response === undefined) return;
            const event = response as { event?: string; data?: unknown };
            if (event.event) socket.emit(event.event, event.data);
            else if (!isAckHandledManually && typeof ack === 'function') ack(response);
          },
          error: (error: unknown) => this.logger.error(error),
        });
      });
    }
  }
}
