import { type DynamicModule, Inject, Injectable, Logger, Module, type OnModuleDestroy, type Provider } from '@nestjs/common';
import { AuthController } from './auth.controller.js';
import { AuthGuard, OptionalAuthGuard, RequireSignedIn, TOKEN_VERIFIER } from './auth.guard.js';
import { EmbeddedIdentity, GLOBETRAIL_AUDIENCE } from './embedded/embedded-identity.js';
import type { IdentityAccounts } from './identity.port.js';
import { type AnonymousClaim, JwksTokenVerifier } from './jwks-token-verifier.js';
import { SIGNING_ALGORITHM } from './embedded/signing-key.js';
import { SessionCheckingVerifier } from './embedded/session-checking-verifier.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OutboxMailer } from './mail/outbox-mailer.js';
import { resetMailFromLocales } from './mail/reset-mail.js';
import { SmtpMailer } from './mail/smtp-mailer.js';
import { AUTHORIZED_DOMAINS, ProjectsController } from './projects.controller.js';

/** The interface languages' files, whose `mail` texts word the emails (services/{src,dist}/identity → client/src/locales). */
const LOCALES_DIR = fileURLToPath(new URL('../../../client/src/locales', import.meta.url));

/** Injection token of the IdentityAccounts port (delete a player's sign-in account). */
export const IDENTITY_ACCOUNTS = 'globetrail:identity:accounts';

export type IdentityModuleOptions =
  | {
      /** The built-in provider: accounts in `<dataDir>/identity.sqlite`, signing key in `<dataDir>/identity-key.json`, routes under /auth. */
      mode: 'embedded';
      dataDir: string;
      issuer?: string;
      tokenTtlSeconds?: number;
      /** Tests only: cheap password hashing. */
      insecureFastPasswordHashing?: boolean;
      /** Password-reset mail: SMTP when a URL is set, else files in `<dataDir>/outbox`. */
      mail?: { smtpUrl: string | null; from: string };
      brandName?: string;
      /** SPEC §7 GET /v1/projects: where the sign-in form may be used; null: anywhere. */
      authorizedDomains?: readonly string[] | null;
    }
  | {
      /**
       * An external OIDC issuer signs players in; the game only verifies its tokens. No /auth routes are
       * mounted (the client talks to the issuer, password policy included) and deleting an account is left
       * to the issuer.
       */
      mode: 'oidc';
      issuer: string;
      jwksUrl: string;
      audience: string;
      algorithms?: string[];
      anonymousClaim?: AnonymousClaim;
    };

const guards = [AuthGuard, OptionalAuthGuard, RequireSignedIn];

/**
 * Global, so any feature module can put `@UseGuards(AuthGuard)` on its routes or inject TOKEN_VERIFIER
 * (e.g. in a Socket.IO gateway) without importing this module again. Register it once in the root module.
 */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityModuleOptions): DynamicModule {
    const exports = [TOKEN_VERIFIER, IDENTITY_ACCOUNTS, ...guards];
    switch (options.mode) {
      case 'embedded':
        return { module: IdentityModule, global: true, controllers: [AuthController, ProjectsController], providers: [...embeddedProviders(options), ...guards], exports };
      case 'oidc':
        return { module: IdentityModule, global: true, providers: [...oidcProviders(options), ...guards], exports };
      default: {
        const unexpected: never = options;
        throw new Error(`unknown identity mode ${JSON.stringify(unexpected)}`);
      }
    }
  }
}

@Injectable()
class EmbeddedIdentityCloser implements OnModuleDestroy {
  constructor(@Inject(EmbeddedIdentity) private readonly identity: EmbeddedIdentity) {}

  onModuleDestroy(): void {
    this.identity.close();
  }
}

function embeddedProviders(options: Extract<IdentityModuleOptions, { mode: 'embedded' }>): Provider[] {
  return [
    {
      provide: EmbeddedIdentity,
      useFactory: () => {
        const from = options.mail?.from ?? 'GlobeTrail <no-reply@localhost>';
        const mailer = options.mail?.smtpUrl ? new SmtpMailer(options.mail.smtpUrl, from) : new OutboxMailer(join(options.dataDir, 'outbox'), from);
        new Logger('identity').log(`password-reset mail goes to ${mailer.destination}`);
        return EmbeddedIdentity.open({ ...options, mailer, resetMail: resetMailFromLocales(LOCALES_DIR) });
      },
    },
    { provide: AUTHORIZED_DOMAINS, useValue: options.authorizedDomains ?? null },
    {
      provide: TOKEN_VERIFIER,
      inject: [EmbeddedIdentity],
      useFactory: (identity: EmbeddedIdentity) =>
        new SessionCheckingVerifier(new JwksTokenVerifier({ keys: { jwks: identity.jwks() }, issuer: identity.issuer, audience: GLOBETRAIL_AUDIENCE, algorithms: [SIGNING_ALGORITHM] }), identity),
    },
    { provide: IDENTITY_ACCOUNTS, useExisting: EmbeddedIdentity },
    EmbeddedIdentityCloser,
  ];
}

function oidcProviders(options: Extract<IdentityModuleOptions, { mode: 'oidc' }>): Provider[] {
  const logger = new Logger('identity');
  const accounts: IdentityAccounts = {
    async deleteAccount(uid) {
      logger.log(`player ${uid} deleted their data; their account at ${options.issuer} is managed there and stays`);
    },
  };
  return [
    {
      provide: TOKEN_VERIFIER,
      useValue: new JwksTokenVerifier({
        keys: { jwksUrl: options.jwksUrl },
        issuer: options.issuer,
        audience: options.audience,
        algorithms: options.algorithms,
        anonymousClaim: options.anonymousClaim,
      }),
    },
    { provide: IDENTITY_ACCOUNTS, useValue: accounts },
  ];
}
