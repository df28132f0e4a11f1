import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { MESSAGE_BUS, PRESENCE_BUS } from '../../app/tokens.js';
import { IDENTITY_ACCOUNTS } from '../../identity/identity.module.js';
import type { IdentityAccounts, Principal } from '../../identity/identity.port.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';

/** Where the identity says which sign-in sessions ended, for every gateway replica to close their sockets. */
export const SESSIONS_ENDED_TOPIC = 'sessions-ended';

/** IdentityAccounts' EndedSessions as it travels on the bus. */
const sessionsEndedSchema = z.object({
  uid: z.string().min(1),
  sessionId: z.string().min(1).optional(),
  keep: z.string().min(1).optional(),
  reason: z.enum(['signed_out', 'signed_up', 'password_changed', 'password_reset', 'account_deleted']),
});
type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/**
 * Where each gateway replica says how many sockets its players hold (the full stack): at each change, the
 * player's count there; every PLAYER_SOCKETS_HEARTBEAT_MS, all of them. A replica not heard from for
 * three heartbeats is forgotten (it died: its sockets went with it).
 */
export const PLAYER_SOCKETS_TOPIC = 'player-sockets';
export const PLAYER_SOCKETS_HEARTBEAT_MS = 10_000;
const playerSocketsSchema = z.object({ origin: z.string().min(1), full: z.boolean(), counts: z.record(z.string(), z.number().int().min(0)) });
type PlayerSockets = z.infer<typeof playerSocketsSchema>;

/**
 * Every open socket of this process by player, and the sessions they speak for: a socket's token was
 * checked once, on connect, so when its session ends (sign-out, a new password, a reset, a deleted account)
 * the socket is closed here at once rather than serving on until the player closes the tab. Each process
 * (every gateway replica) hears every ending on the bus, in a consumer group of its own. A closed client
 * connects again with the token it holds now: a new password's session connects, an ended one is refused.
 * The per-player socket cap counts from here too, across every gateway replica on the full stack (each
 * tells the others its players' counts on the presence bus).
 */
@Injectable()
export class LiveSessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('sessions');
  private readonly sockets = new Map<string, Set<Socket>>();
  private subscription: BusSubscription | null = null;
  private unlisten: (() => void) | null = null;
  /** The other replicas' sockets by player, as they last said (full stack). */
  private readonly origin = randomUUID();
  private readonly remote = new Map<string, { counts: Map<string, number>; expiresAt: number }>();
  private countsSubscription: BusSubscription | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Optional() @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts | null = null,
    /** Kafka on the full stack (every replica hears every other); null in one process. */
    @Optional() @Inject(PRESENCE_BUS) private readonly presence: MessageBus | null = null,
  ) {}

  /** The clock replicas' silence is measured by (tests set it). */
  now: () => number = Date.now;

  async onModuleInit(): Promise<void> {
    this.subscription = await this.bus.subscribe(SESSIONS_ENDED_TOPIC, { groupId: `sessions-ended-${randomUUID()}` }, async (message) => {
      const parsed = sessionsEndedSchema.safeParse(message.value);
      if (!parsed.success) return this.logger.warn(`a ${SESSIONS_ENDED_TOPIC} message that is not one: ${parsed.error.message}`);
      this.close(parsed.data);
    });
    // Where the sessions end (the process holding the identity), they are told to every process.
    this.unlisten =
      this.accounts?.onSessionsEnded?.((ended) => {
        this.bus.publish(SESSIONS_ENDED_TOPIC, [{ key: ended.uid, value: ended }]).catch((error: Error) => this.logger.error(`telling the gateways that ${ended.uid}'s sessions ended failed: ${error.message}`));
      }) ?? null;
    if (this.presence) {
      this.countsSubscription = await this.presence.subscribe(PLAYER_SOCKETS_TOPIC, { groupId: `player-sockets-${this.origin}` }, async (message) => {
        const parsed = playerSocketsSchema.safeParse(message.value);
        if (!parsed.success) return this.logger.warn(`a ${PLAYER_SOCKETS_TOPIC} message that is not one: ${parsed.error.message}`);
        this.heard(parsed.data);
      });
      this.heartbeat = setInterval(() => this.tell(null), PLAYER_SOCKETS_HEARTBEAT_MS);
      this.heartbeat.unref();
      this.tell(null);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.unlisten?.();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.subscription?.stop();
    await this.countsSubscription?.stop();
  }

  /**
   * How many sockets the player holds open, on every gateway replica (the per-player cap): here, plus what
   * the others last said. Two replicas admitting the same player at the same instant may each let one in
   * before hearing of the other's: the cap may be passed by one socket per replica for that moment.
   */
  count(uid: string): number {
    let total = this.sockets.get(uid)?.size ?? 0;
    const now = this.now();
    for (const [origin, { counts, expiresAt }] of this.remote) {
      if (expiresAt <= now) this.remote.delete(origin);
      else total += counts.get(uid) ?? 0;
    }
    return total;
  }

  /** Keeps `socket` (admitted as `principal`) until it disconnects. */
  add(socket: Socket, principal: Principal): void {
    let own = this.sockets.get(principal.uid);
    if (!own) this.sockets.set(principal.uid, (own = new Set()));
    own.add(socket);
    this.tell(principal.uid);
    socket.once('disconnect', () => {
      own.delete(socket);
      if (own.size === 0 && this.sockets.get(principal.uid) === own) this.sockets.delete(principal.uid);
      this.tell(principal.uid);
    });
  }

  /** Tells the other replicas the player's count here (`uid`), or every player's (null: the heartbeat). */
  private tell(uid: string | null): void {
    if (!this.presence) return;
    const counts: Record<string, number> = {};
    if (uid === null) for (const [player, own] of this.sockets) counts[player] = own.size;
    else counts[uid] = this.sockets.get(uid)?.size ?? 0;
    const message: PlayerSockets = { origin: this.origin, full: uid === null, counts };
    this.presence.publish(PLAYER_SOCKETS_TOPIC, [{ key: this.origin, value: message }]).catch((error: Error) => this.logger.warn(`could not share this replica's socket counts: ${error.message}`));
  }

  private heard({ origin, full, counts }: PlayerSockets): void {
    if (origin === this.origin) return;
    const known = this.remote.get(origin);
    const mine = full || !known ? new Map<string, number>() : known.counts;
    for (const [uid, count] of Object.entries(counts)) {
      if (count > 0) mine.set(uid, count);
      else mine.delete(uid);
    }
    this.remote.set(origin, { counts: mine, expiresAt: this.now() + 3 * PLAYER_SOCKETS_HEARTBEAT_MS });
  }

  private close(ended: SessionsEnded): void {
    for (const socket of [...(this.sockets.get(ended.uid) ?? [])]) {
      const session = (socket.data as { principal?: Principal }).principal?.sessionId;
      const endedHere = ended.sessionId !== undefined ? session === ended.sessionId : session === undefined || session !== ended.keep;
      if (endedHere) socket.disconnect(true);
    }
  }
}
