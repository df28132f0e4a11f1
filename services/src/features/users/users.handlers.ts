import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { type NameAndImage, type ProfileChanges, type PublicProfileView, streamName, type UserProfileView, type UserStats } from '@globetrail/contracts';
import { notFound } from '../../api/api-error.js';
import { CommandExecutor } from '../../app/command-executor.js';
import { APP_CONFIG, CLOCK, READ_STORE } from '../../app/tokens.js';
import type { AppConfig } from '../../config/config.js';
import type { Clock } from '../../platform/time/clock.js';
import { userStats } from '../../projections/player-history/player-history.queries.js';
import { userDecider } from '../../domain/user/user.decider.js';
import { IDENTITY_ACCOUNTS } from '../../identity/identity.module.js';
import type { IdentityAccounts } from '../../identity/identity.port.js';
import type { ReadStore } from '../../platform/read-store/read-store.port.js';
import { nameAndImage, publicProfile, userProfile } from '../../projections/user-profile/user-profile.queries.js';
import { CreateUser, ReportCheating, DeleteUser, GetNameAndImage, GetOwnProfile, GetProfileChanges, GetPublicProfile, GetUserStats } from './users.messages.js';

/** Every read model a user's creation or sign-up changes: the caller's next request (joining a game rated by the arena's rating) sees it. */
const PROFILE_READ_MODELS = ['user-profile', 'leaderboards', 'arena-ratings'];
const ANONYMOUS_NAME = 'Anonymous';

@CommandHandler(CreateUser)
export class CreateUserHandler implements ICommandHandler<CreateUser> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(READ_STORE) private readonly reads: ReadStore,
  ) {}

  async execute({ principal }: CreateUser): Promise<UserProfileView> {
    const name = principal.isAnonymous ? ANONYMOUS_NAME : (principal.name ?? principal.email?.split('@')[0] ?? ANONYMOUS_NAME);
    const command = { type: 'CreateUser', userId: principal.uid, name, isAnonymous: principal.isAnonymous } as const;
    await this.executor.execute(streamName.user(principal.uid), userDecider, command, { actor: principal.uid, readModels: PROFILE_READ_MODELS });
    const profile = await userProfile(this.reads, principal.uid);
    if (!profile) throw new Error(`profile of ${principal.uid} missing after creation`);
    return profile;
  }
}

@CommandHandler(DeleteUser)
export class DeleteUserHandler implements ICommandHandler<DeleteUser> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(IDENTITY_ACCOUNTS) private readonly accounts: IdentityAccounts,
  ) {}

  /** The game forgets the player first, then the identity account; a retry after a failure finishes the job. */
  async execute({ userId }: DeleteUser): Promise<{ deleted: true }> {
    const stream = streamName.user(userId);
    const { state } = await this.executor.load(stream, userDecider);
    // A player who never created a profile only has an identity account to delete.
    if (state.status !== 'none') await this.executor.execute(stream, userDecider, { type: 'DeleteUser', userId }, { actor: userId, readModels: PROFILE_READ_MODELS });
    await this.accounts.deleteAccount(userId);
    return { deleted: true };
  }
}

@CommandHandler(ReportCheating)
export class ReportCheatingHandler implements ICommandHandler<ReportCheating> {
  constructor(
    private readonly executor: CommandExecutor,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** SPEC §8: recorded on the player's stream, at most once a minute (a later one answers recorded: false). */
  async execute({ userId }: ReportCheating): Promise<{ recorded: boolean }> {
    const command = { type: 'ReportCheating', userId, release: this.config.releaseId } as const;
    const outcome = await this.executor.execute(streamName.user(userId), userDecider, command, { actor: userId, readModels: [] });
    return { recorded: outcome.events.length > 0 };
  }
}

@QueryHandler(GetOwnProfile)
export class GetOwnProfileHandler implements IQueryHandler<GetOwnProfile> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ userId }: GetOwnProfile): Promise<UserProfileView> {
    const profile = await userProfile(this.reads, userId);
    if (!profile) throw notFound('no profile yet: create it with POST /user/create');
    return profile;
  }
}

@QueryHandler(GetPublicProfile)
export class GetPublicProfileHandler implements IQueryHandler<GetPublicProfile> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ userId }: GetPublicProfile): Promise<PublicProfileView> {
    const profile = await publicProfile(this.reads, userId);
    if (!profile) throw notFound(`no public profile for ${userId}`);
    return profile;
  }
}

@QueryHandler(GetNameAndImage)
export class GetNameAndImageHandler implements IQueryHandler<GetNameAndImage> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  execute({ userId }: GetNameAndImage): Promise<NameAndImage> {
    return nameAndImage(this.reads, userId);
  }
}

@QueryHandler(GetUserStats)
export class GetUserStatsHandler implements IQueryHandler<GetUserStats> {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** SPEC §6: anyone reads a signed-up player's stats; an anonymous or unknown player has none (404). */
  async execute({ userId, t, g }: GetUserStats): Promise<UserStats> {
    const profile = await publicProfile(this.reads, userId);
    if (!profile) throw notFound(`id: no player ${userId}`);
    return userStats(this.reads, userId, profile.name, t, g, new Date(this.clock.now()));
  }
}

@QueryHandler(GetProfileChanges)
export class GetProfileChangesHandler implements IQueryHandler<GetProfileChanges> {
  constructor(@Inject(READ_STORE) private readonly reads: ReadStore) {}

  async execute({ userId, since }: GetProfileChanges): Promise<ProfileChanges> {
    const profile = await userProfile(this.reads, userId);
    if (!profile) throw notFound('no profile yet: create it with POST /user/create');
    const version = createHash('sha256').update(JSON.stringify(profile)).digest('base64url').slice(0, 16);
    return version === since ? { changed: false, version, profile: null } : { changed: true, version, profile };
  }
}
