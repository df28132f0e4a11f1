import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, Optional } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { MESSAGE_BUS } from '../../app/tokens.js';
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
 * Every open socket of this process by player, and the sessions they speak for: a socket's token was
 * checked once, on connect, so when its session ends (sign-out, a new password, a reset, a deleted account)
 * the socket is closed here at once rather than serving on until the player closes the tab. Each process
 * (every gateway replica) hears every ending on the bus, in a consumer group of its own. A closed client
 * connects again with the token it holds now: a new password's session connects, an ended one is refused.
 * The per-player socket cap counts from here too.
 */
@Injectable()
export class LiveSessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('sessions');
  private readonly sockets = new Map<string, Set<Socket>>();
  private subscription: BusSubscription | null = null;
  private unlisten: (() => void) | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Optional() @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts | null = null,
  ) {}

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
  }

  async onModuleDestroy(): Promise<void> {
    this.unlisten?.();
    await this.subscription?.stop();
  }

  /** How many sockets the player holds open here. */
  count(uid: string): number {
    return this.sockets.get(uid)?.size ?? 0;
  }

  /** Keeps `socket` (admitted as `principal`) until it disconnects. */
  add(socket: Socket, principal: Principal): void {
    let own = this.sockets.get(principal.uid);
    if (!own) this.sockets.set(principal.uid, (own = new Set()));
    own.add(socket);
    socket.once('disconnect', () => {
      own.delete(socket);
      if (own.size === 0 && this.sockets.get(principal.uid) === own) this.sockets.delete(principal.uid);
    });
  }

  private close(ended: SessionsEnded): void {
    for (const socket of [...(this.sockets.get(ended.uid) ?? [])]) {
      const session = (socket.data as { principal?: Principal }).principal?.sessionId;
      const endedHere = ended.sessionId !== undefined ? session === ended.sessionId : session === undefined || session !== ended.keep;
      if (endedHere) socket.disconnect(true);
    }
  }
}
