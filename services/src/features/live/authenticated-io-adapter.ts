import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { METRICS } from '../../app/tokens.js';
import { TOKEN_VERIFIER } from '../../identity/auth.guard.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { type Principal, type TokenVerifier, tokenFromAuthorizationHeader } from '../../identity/identity.port.js';

export interface SocketData {
  principal: Principal;
}

/**
 * Socket.IO with the identity token checked once, on connect, for every gateway: a connection without
 * a valid `auth.token` is refused with "unauthenticated: …" and never reaches a handler.
 */
export class AuthenticatedIoAdapter extends IoAdapter {
  private readonly verifier: TokenVerifier;
  private readonly metrics: Metrics;

  constructor(app: INestApplicationContext) {
    super(app);
    this.verifier = app.get<TokenVerifier>(TOKEN_VERIFIER);
    this.metrics = app.get<Metrics>(METRICS);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
    // One client connection whatever the namespaces it joins (engine.io's, under Socket.IO's).
    server.engine.on('connection', (connection: { once(event: 'close', listener: () => void): void }) => {
      this.metrics.sockets.inc();
      connection.once('close', () => this.metrics.sockets.dec());
    });
    server.use((socket, next) => {
      const raw = (socket.handshake.auth as { token?: unknown }).token;
      const token = typeof raw === 'string' ? tokenFromAuthorizationHeader(raw) : null;
      if (!token) return next(new Error('unauthenticated: send your identity token as auth.token'));
      this.verifier.verify(token).then(
        (principal) => {
          (socket.data as SocketData).principal = principal;
          next();
        },
        (error: Error) => next(new Error(`unauthenticated: ${error.message}`)),
      );
    });
    return server;
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
