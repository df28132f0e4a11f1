import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';
import { TOKEN_VERIFIER } from '../../identity/auth.guard.js';
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

  constructor(app: INestApplicationContext) {
    super(app);
    this.verifier = app.get<TokenVerifier>(TOKEN_VERIFIER);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, options) as Server;
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
}
