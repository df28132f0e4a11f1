import { Module } from '@nestjs/common';
import { ClientConfigController } from './client-config.controller.js';
import { ClientErrorsController } from './client-errors.controller.js';

@Module({ controllers: [ClientConfigController, ClientErrorsController] })
export class ClientAppModule {}
