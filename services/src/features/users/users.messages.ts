import { Command, Query } from '@nestjs/cqrs';
import type { NameAndImage, ProfileChanges, PublicProfileView, StatsGroup, TimePeriod, UserProfileView, UserStats } from '@globetrail/contracts';
import type { Principal } from '../../identity/identity.port.js';

export class CreateUser extends Command<UserProfileView> {
  constructor(readonly principal: Principal) {
    super();
  }
}

export class ReportCheating extends Command<{ recorded: boolean }> {
  constructor(readonly userId: string) {
    super();
  }
}

export class DeleteUser extends Command<{ deleted: true }> {
  constructor(readonly userId: string) {
    super();
  }
}

export class GetOwnProfile extends Query<UserProfileView> {
  constructor(readonly userId: string) {
    super();
  }
}

export class GetPublicProfile extends Query<PublicProfileView> {
  constructor(readonly userId: string) {
    super();
  }
}

export class GetNameAndImage extends Query<NameAndImage> {
  constructor(readonly userId: string) {
    super();
  }
}

export class GetUserStats extends Query<UserStats> {
  constructor(
    readonly userId: string,
    readonly t: TimePeriod,
    readonly g: StatsGroup,
  ) {
    super();
  }
}

export class GetProfileChanges extends Query<ProfileChanges> {
  constructor(
    readonly userId: string,
    readonly since: string | null,
  ) {
    super();
  }
}
