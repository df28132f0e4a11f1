import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { MESSAGE_BUS } from '../../app/tokens.js';
import { IDENTITY_ACCOUNTS } from '../../identity/identity.module.js';
import type { IdentityAccounts } from '../../identity/identity.port.js';
import type { BusSubscription, MessageBus } from '../../platform/bus/message-bus.port.js';
import { consumeEvents } from '../../process-managers/game-events.js';

/**
 * The identity role's part in a player's deletion when it runs without the api role: when the api role
 * records `UserDeleted`, the built-in accounts forget that player's credentials and end their sessions.
 * (With both roles in one process the delete command does it itself.)
 */
@Injectable()
export class AccountDeletions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('account-deletions');
  private subscription: BusSubscription | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await consumeEvents(
      this.bus,
      'identity-account-deletions',
      ['user'],
      async ({ event }) => {
        if (event.type !== 'UserDeleted') return;
        await this.accounts.deleteAccount(event.data.userId);
        this.logger.log(`account of ${event.data.userId} deleted`);
      },
      { types: ['UserDeleted'] },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
