import { Module } from '@nestjs/common';
import { UsersController } from './users.controller.js';
import { ReportCheatingHandler, CreateUserHandler, GetProfileChangesHandler, GetUserStatsHandler, DeleteUserHandler, GetNameAndImageHandler, GetOwnProfileHandler, GetPublicProfileHandler } from './users.handlers.js';

@Module({
  controllers: [UsersController],
  providers: [ReportCheatingHandler, CreateUserHandler, DeleteUserHandler, GetOwnProfileHandler, GetPublicProfileHandler, GetNameAndImageHandler, GetUserStatsHandler, GetProfileChangesHandler],
})
export class UsersModule {}
