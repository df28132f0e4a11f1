import { Module } from '@nestjs/common';
import { UsersController } from './users.controller.js';
import { CreateUserHandler, DeleteUserHandler, GetNameAndImageHandler, GetOwnProfileHandler, GetPublicProfileHandler } from './users.handlers.js';

@Module({
  controllers: [UsersController],
  providers: [CreateUserHandler, DeleteUserHandler, GetOwnProfileHandler, GetPublicProfileHandler, GetNameAndImageHandler],
})
export class UsersModule {}
