import { Module } from '@nestjs/common';
import { LiveSessions } from './live-sessions.js';

/** Open sockets by player and session, closed when their session ends (LiveSessions). */
@Module({ providers: [LiveSessions], exports: [LiveSessions] })
export class SessionsModule {}
