import { Module } from '@nestjs/common';
import { ProfileGateway } from './profile.gateway.js';

@Module({ providers: [ProfileGateway] })
export class LiveModule {}
