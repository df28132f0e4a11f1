import { Module } from '@nestjs/common';
import { LiveCounters } from './live-counters.js';

/** Lobby and arena counters: fed by the gateways' sockets, read by the API's counters call. */
@Module({ providers: [LiveCounters], exports: [LiveCounters] })
export class LiveCountersModule {}
