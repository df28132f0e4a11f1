import { type CanActivate, createParamDecorator, type ExecutionContext, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiException, unauthenticated } from '../api/api-error.js';
import {
  InvalidTokenError,
  type Principal,
  tokenFromAuthorizationHeader,
  type TokenVerifier,
  TokenVerificationUnavailableError,
} from './identity.port.js';

/** Injection token of the TokenVerifier that every guard uses. */
export const TOKEN_VERIFIER = 'globetrail:identity:token-verifier';

/** Name of the OpenAPI security scheme for the identity token; main.ts registers it with `addApiKey`. */
export const IDENTITY_SECURITY_SCHEME = 'identity-token';

interface RequestWithPrincipal {
  headers: Record<string, string | string[] | undefined>;
  principal?: Principal;
}

const MISSING_TOKEN = 'sign in first: send your identity token in the Authorization header';
const logger = new Logger('identity');

/** Requires a valid identity token (bare, or after "Bearer ") and puts its principal on the request. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(@Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = await authenticate(context, this.verifier);
    if (!principal) throw unauthenticated(MISSING_TOKEN);
    return true;
  }
}

/** Lets requests without a token through; a token that is present must still be valid. */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(@Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await authenticate(context, this.verifier);
    return true;
  }
}

/** AuthGuard for what SPEC §6 withholds from anonymous players: score submission, profiles, streaks, challenges. */
@Injectable()
export class RequireSignedIn implements CanActivate {
  constructor(@Inject(TOKEN_VERIFIER) private readonly verifier: TokenVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const principal = await authenticate(context, this.verifier);
    if (!principal) throw unauthenticated(MISSING_TOKEN);
    if (principal.isAnonymous) throw new ApiException(403, 'anonymous_not_allowed', 'sign up first: anonymous players cannot do this');
    return true;
  }
}

/**
 * The principal the route's guard stored. `@CurrentPrincipal('optional')` (with OptionalAuthGuard) may
 * give undefined; without it, a route that forgot its guard fails loudly instead of running unauthenticated.
 */
export const CurrentPrincipal = createParamDecorator((mode: 'optional' | undefined, context: ExecutionContext): Principal | undefined => {
  const principal = context.switchToHttp().getRequest<RequestWithPrincipal>().principal;
  if (!principal && mode !== 'optional') throw new Error('@CurrentPrincipal() is used on a route without AuthGuard or RequireSignedIn');
  return principal;
});

async function authenticate(context: ExecutionContext, verifier: TokenVerifier): Promise<Principal | undefined> {
  const request = context.switchToHttp().getRequest<RequestWithPrincipal>();
  const header = request.headers.authorization;
  const token = tokenFromAuthorizationHeader(Array.isArray(header) ? header[0] : header);
  if (token === null) return undefined;
  try {
    request.principal = await verifier.verify(token);
    return request.principal;
  } catch (error) {
    if (error instanceof InvalidTokenError) {
      throw unauthenticated(
        error.reason === 'expired' ? 'the identity token has expired; refresh it and try again' : `the identity token is invalid: ${error.message}`,
      );
    }
    if (error instanceof TokenVerificationUnavailableError) {
      logger.error(`${error.message}: ${String(error.cause)}`);
      throw new ApiException(503, 'internal', 'cannot check your identity token right now; please try again shortly');
    }
    throw error;
  }
}
