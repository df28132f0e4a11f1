import { Command, Query } from '@nestjs/cqrs';
import type { NameAndImage, PublicProfileView, UserProfileView } from '@globetrail/contracts';
import type { Principal } from '../../identity/identity.port.js';

export class CreateUser extends Command<UserProfileView> {
  constructor(readonly principal: Principal) {
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
