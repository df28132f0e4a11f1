import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type DomainEvent, streamName } from '@globetrail/contracts';
import { CommandExecutor } from '../app/command-executor.js';
import { MESSAGE_BUS } from '../app/tokens.js';
import { userDecider } from '../domain/user/user.decider.js';
import type { BusSubscription, MessageBus } from '../platform/bus/message-bus.port.js';
import { consumeEvents, runOwed } from './game-events.js';

/**
 * Appends the rating change an arena match decided to both players' `user-…` streams. The user decider
 * applies a match once, so a redelivered GameEnded changes nothing.
 */
@Injectable()
export class ArenaRatings implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('arena-ratings');
  private subscription: BusSubscription | null = null;

  constructor(
    private readonly executor: CommandExecutor,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await consumeEvents(this.bus, 'arena-ratings', ['game'], (received) => this.rate(received), { types: ['GameEnded'] });
  }

  private async rate({ event, streamId }: { event: DomainEvent; streamId: string }): Promise<void> {
    if (event.type !== 'GameEnded' || !event.data.ratingChanges) return;
    const gameId = streamId.slice('game-'.length);
    const { standings, winnerTeam } = event.data;
    const players = standings.flatMap((standing) => standing.playerIds);
    for (const [userId, { before, after }] of Object.entries(event.data.ratingChanges)) {
      const opponentId = players.find((id) => id !== userId) ?? userId;
      const team = standings.find((standing) => standing.playerIds.includes(userId))?.team ?? null;
      const outcome = winnerTeam === null ? 'draw' : team === winnerTeam ? 'win' : 'loss';
      const command = { type: 'RateArenaMatch', userId, gameId, opponentId, outcome, delta: after - before } as const;
      await runOwed(this.logger, `rate ${userId} for ${gameId}`, () =>
        this.executor.execute(streamName.user(userId), userDecider, command, { actor: 'arena-ratings', readModels: ['user-profile', 'arena-ratings'] }),
      );
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
