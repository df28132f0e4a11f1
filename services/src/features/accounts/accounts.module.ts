import { Module } from '@nestjs/common';
import { AccountDeletions } from './account-deletions.js';

/** The identity role: the built-in accounts (IdentityModule's /auth/*) and their part in deletions. */
@Module({ providers: [AccountDeletions] })
export class AccountsModule {}
