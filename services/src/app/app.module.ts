import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../config/config.js';
import { ClientAppModule } from '../features/client-app/client-app.module.js';
import { ArenaModule } from '../features/arena/arena.module.js';
import { ChallengesModule } from '../features/challenges/challenges.module.js';
import { GamesModule } from '../features/games/games.module.js';
import { GhostsModule } from '../features/ghosts/ghosts.module.js';
import { GeneratorModule } from '../features/generator/generator.module.js';
import { ImageMapsModule } from '../features/image-maps/image-maps.module.js';
import { LiveModule } from '../features/live/live.module.js';
import { SessionsModule } from '../features/sessions/sessions.module.js';
import { MapsModule } from '../features/maps/maps.module.js';
import { ProcessManagersModule } from '../process-managers/process-managers.module.js';
import { LeaderboardModule } from '../features/leaderboard/leaderboard.module.js';
import { PanoramaModule } from '../features/panorama/panorama.module.js';
import { ScoreModule } from '../features/score/score.module.js';
import { SoloModule } from '../features/solo/solo.module.js';
import { UsersModule } from '../features/users/users.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { AccountsModule } from '../features/accounts/accounts.module.js';
import { HealthModule } from '../features/health/health.module.js';
import { OperationsModule } from '../features/operations/operations.module.js';
import { PlatformModule } from './platform.module.js';
import { RateLimitModule } from '../platform/rate-limit/rate-limit.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const identity =
      config.identity.mode === 'embedded'
        ? IdentityModule.forRoot({
            mode: 'embedded',
            dataDir: config.dataDir,
            issuer: config.identity.issuer,
            tokenTtlSeconds: config.identity.tokenTtlSeconds,
            mail: config.mail,
            brandName: config.brands.main.name,
            authorizedDomains: config.authorizedDomains,
          })
        : IdentityModule.forRoot({ mode: 'oidc', issuer: config.identity.issuer, jwksUrl: config.identity.jwksUrl, audience: config.identity.audience });
    // ROLES (docs/operations.md): the web roles serve the API, the sockets and the client; the process
    // managers run the timers, matchmaking and ratings; every role answers its health checks.
    // The identity role serves the built-in accounts (/auth/*) on their own, so web replicas can verify
    // its tokens by its JWKS (IDENTITY_MODE=oidc) and scale out.
    const web = config.roles.has('api') || config.roles.has('gateway');
    const apiModules = config.roles.has('api') ? [SoloModule, UsersModule, ScoreModule, LeaderboardModule, PanoramaModule, ClientAppModule, GamesModule, GhostsModule, ArenaModule, GeneratorModule, ImageMapsModule, MapsModule, ChallengesModule, OperationsModule] : [];
    const webModules = [...apiModules, ...(config.roles.has('gateway') ? [LiveModule] : [])];
    // With the api role in the same process, a deletion removes the account at once (users.handlers.ts);
    // an identity role on its own hears of it through the bus.
    const identityModules = [...(web || config.roles.has('identity') ? [identity, SessionsModule] : []), ...(config.roles.has('identity') && !config.roles.has('api') ? [AccountsModule] : [])];
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot(), PlatformModule.forRoot(config), RateLimitModule.forRoot(config.web.rateLimitScale, config.stores.readStore.kind === 'mongodb' ? config.stores.readStore : { kind: 'memory' }), HealthModule, ...identityModules, ...webModules, ...(config.roles.has('process-manager') ? [ProcessManagersModule] : [])],
    };
  }
}
