import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import { ConnectedSocket, type OnGatewayConnection, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { type Ack, type ClientToServerEvents, type ProfileChanged, readModelCollections, type ServerToClientEvents } from '@globetrail/contracts';
import type { Server, Socket } from 'socket.io';
import { PROJECTIONS, READ_STORE } from '../../app/tokens.js';
import type { Principal } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import type { ProjectionsPort } from '../../projections/projections.js';
import { userProfile } from '../../projections/user-profile/user-profile.queries.js';

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { principal: Principal }>;
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { principal: Principal }>;

export const userRoom = (uid: string) => `user:${uid}`;

/**
 * Pushes a player's profile whenever its read model changes (points, rank, level after a round), to
 * every tab the player has open. The version is the event position that produced the document, so a
 * client keeps the newest one whatever order pushes and refetches arrive in.
 */
/** The read models behind GET /user/userstats (player-history.queries.ts). */
const STATS_READ_MODELS = ['player-history', 'leaderboards'] as const;

@WebSocketGateway()
export class ProfileGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  private readonly logger = new Logger('live');
  private stopListening: (() => void) | null = null;
  @WebSocketServer() private readonly server!: LiveServer;

  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(PROJECTIONS) private readonly projections: ProjectionsPort,
  ) {}

  afterInit(): void {
    this.stopListening = this.projections.runner('user-profile').onCommitted((changes) => {
      for (const change of changes) {
        if (change.collection !== readModelCollections.userProfiles || change.kind !== 'upsert' || change.revision === null) continue;
        void this.push(change.id, change.revision);
      }
    });
  }

  /** Every socket joins its player's room, where profile and arena-match pushes go. */
  handleConnection(socket: LiveSocket): void {
    void socket.join(userRoom(socket.data.principal.uid));
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
      // The page refetches the player's stats on a push: they come from these read models, which are
      // given the moment they need to account for the same events (bounded: the push goes out regardless).
      await this.projections.waitFor(version, STATS_READ_MODELS).catch(() => undefined);
      const profile = await userProfile(this.reads, uid);
      if (profile) this.server.to(userRoom(uid)).emit('ProfileChanged', { version: Number(version), profile });
    } catch (error) {
      this.logger.warn(`could not push the profile of ${uid}: ${(error as Error).message}`);
    }
  }
}
