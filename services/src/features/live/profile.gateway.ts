import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type Ack, type ClientToServerEvents, type ProfileChanged, readModelCollections, type ServerToClientEvents } from '@globetrail/contracts';
import type { Server, Socket } from 'socket.io';
import { PROJECTIONS, READ_STORE } from '../../app/tokens.js';
import { TOKEN_VERIFIER } from '../../identity/auth.guard.js';
import { type Principal, type TokenVerifier, tokenFromAuthorizationHeader } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { Projections } from '../../projections/projections.js';
import { userProfile } from '../../projections/user-profile/user-profile.queries.js';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { principal: Principal }>;
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { principal: Principal }>;

const userRoom = (uid: string) => `user:${uid}`;

/**
 * Pushes a player's profile whenever its read model changes (points, rank, level after a round), to
 * every tab the player has open. The version is the event position that produced the document, so a
 * client keeps the newest one whatever order pushes and refetches arrive in.
 */
@WebSocketGateway()
export class ProfileGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('live');
  private stopListening: (() => void) | null = null;
  @WebSocketServer() private readonly server!: LiveServer;

  constructor(
    @Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(PROJECTIONS) private readonly projections: Projections,
  ) {}

  afterInit(server: LiveServer): void {
    server.use((socket, next) => {
      const raw = (socket.handshake.auth as { token?: unknown }).token;
      const token = typeof raw === 'string' ? tokenFromAuthorizationHeader(raw) : null;
      if (!token) return next(new Error('unauthenticated: send your identity token as auth.token'));
      this.verifier.verify(token).then(
        (principal) => {
          (socket as LiveSocket).data.principal = principal;
          void socket.join(userRoom(principal.uid));
          next();
        },
        (error: Error) => next(new Error(`unauthenticated: ${error.message}`)),
      );
    });
    this.stopListening = this.projections.runner('user-profile').onCommitted((writes) => {
      for (const write of writes) {
        if (write.collection !== readModelCollections.userProfiles || write.kind !== 'upsert') continue;
        void this.push(write.document.id, write.revision);
      }
    });
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  @SubscribeMessage('WatchProfile')
  async watchProfile(@ConnectedSocket() socket: LiveSocket): Promise<Ack<ProfileChanged>> {
    const { uid } = socket.data.principal;
    const profile = await userProfile(this.reads, uid);
    if (!profile) return { ok: false, error: { code: 'not_found', message: 'no profile yet: create it with POST /user/create' } };
    return { ok: true, data: { version: Number(this.projections.runner('user-profile').position ?? 0n), profile } };
  }

  private async push(uid: string, version: bigint): Promise<void> {
    try {
      const profile = await userProfile(this.reads, uid);
      if (profile) this.server.to(userRoom(uid)).emit('ProfileChanged', { version: Number(version), profile });
    } catch (error) {
      this.logger.warn(`could not push the profile of ${uid}: ${(error as Error).message}`);
    }
  }
}
