import {
  Body,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Get,
  Header,
  HttpCode,
  Inject,
  Injectable,
  type NestInterceptor,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  type AuthSession,
  authSessionSchema,
  MIN_PASSWORD_LENGTH,
  passwordPolicySchema,
  changeNameSchema,
  changePasswordSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshRequestSchema,
  signInRequestSchema,
  signOutRequestSchema,
  signUpRequestSchema,
} from '@globetrail/contracts';
import type { Request, Response } from 'express';
import type { JSONWebKeySet } from 'jose';
import { catchError, type Observable, throwError } from 'rxjs';
import type { z } from 'zod';
import { ApiException, parseInput } from '../api/api-error.js';
import { ApiErrors, ZodBody, ZodResponse } from '../api/openapi.js';
import { AuthGuard, CurrentPrincipal, IDENTITY_SECURITY_SCHEME, OptionalAuthGuard } from './auth.guard.js';
import { EmbeddedIdentity } from './embedded/embedded-identity.js';
import { IdentityError, weakPassword } from './embedded/identity-error.js';
import type { Principal } from './identity.port.js';
import { httpActor, RateLimit, RateLimitGuard, tooManyRequests } from '../platform/rate-limit/rate-limit.guard.js';
import { RateLimitedError, RateLimits } from '../platform/rate-limit/rate-limits.js';

/** The embedded identity stays free of Nest; its refusals become the API's error bodies here. */
@Injectable()
class IdentityErrorsAsApiErrors implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof IdentityError)) return throwError(() => error);
        if (error.retryAfterSeconds !== undefined) context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(error.retryAfterSeconds));
        return throwError(() => new ApiException(error.status, error.code, error.message, error.field));
      }),
    );
  }
}

const SESSION = 'a session: idToken for the Authorization header, refreshToken to renew it';

/** The embedded identity's REST face (embedded mode only; with an OIDC issuer the client signs in there). */
@ApiTags('auth')
@Controller('auth')
@UseInterceptors(IdentityErrorsAsApiErrors)
export class AuthController {
  constructor(
    @Inject(EmbeddedIdentity) private readonly identity: EmbeddedIdentity,
    @Inject(RateLimits) private readonly limits: RateLimits,
  ) {}

  @Post('anonymous')
  @UseGuards(RateLimitGuard)
  @RateLimit('anonymousSession')
  @ApiOperation({ summary: 'Start playing without an account: a new anonymous uid and its session', description: 'Errors: 429 rate_limited (with Retry-After) beyond 60 an hour from one address.' })
  @ZodResponse(201, authSessionSchema, SESSION)
  @ApiErrors(429)
  anonymous(): Promise<AuthSession> {
    return this.identity.createAnonymous();
  }

  @Post('signup')
  @UseGuards(OptionalAuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({
    summary: 'Create an account',
    description:
      'With an anonymous idToken in Authorization, that uid becomes the account, keeping its games. ' +
      'Errors: 400 validation_failed, weak_password (under 8 characters) or common_password (on the breach list), naming the field; 401 for a bad token; 409 email_taken; 429 beyond 10 sign-ups an hour from one address.',
  })
  @ZodBody(signUpRequestSchema)
  @ZodResponse(201, authSessionSchema, SESSION)
  @ApiErrors(400, 401, 409, 429)
  async signUp(@Body() body: unknown, @CurrentPrincipal('optional') principal: Principal | undefined, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuthSession> {
    // Only sign-ups that made an account count against the address's allowance: a form refused for a weak
    // password or a taken email must not use up a school's sign-ups.
    const actor = httpActor(request);
    try {
      await this.limits.check('signUp', actor);
    } catch (error) {
      if (error instanceof RateLimitedError) throw tooManyRequests(error, response);
      throw error;
    }
    const session = await this.identity.signUp(parseSignUp(body), principal);
    await this.limits.penalize('signUp', actor);
    return session;
  }

  @Post('signin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with email and password',
    description:
      'Errors: 401 invalid_credentials (same for an unknown email and a wrong password); 429 rate_limited with Retry-After: after 5 failures for an email each try waits twice as long (1 s … 15 minutes; a device that signed in before, named by deviceId, has its own count), and an address gets 30 failures in 15 minutes over all emails (docs/security.md).',
  })
  @ZodBody(signInRequestSchema)
  @ZodResponse(200, authSessionSchema, SESSION)
  @ApiErrors(400, 401, 429)
  async signIn(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AuthSession> {
    const input = parseInput(signInRequestSchema, body);
    const actor = httpActor(request);
    try {
      // A device that signed in to this account before is never held up by others' failures from its
      // address (a school, a mobile network): it has its own brake in the identity.
      if (!this.identity.isKnownDevice(input.email, input.deviceId)) await this.limits.check('failedSignIn', actor);
      return await this.identity.signIn(input);
    } catch (error) {
      if (error instanceof RateLimitedError) throw tooManyRequests(error, response);
      if (error instanceof IdentityError && error.code === 'invalid_credentials') await this.limits.penalize('failedSignIn', actor);
      throw error;
    }
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Trade a refresh token for a new session; the old refresh token stops working' })
  @ZodBody(refreshRequestSchema)
  @ZodResponse(200, authSessionSchema, SESSION)
  @ApiErrors(400, 401)
  refresh(@Body() body: unknown): Promise<AuthSession> {
    return this.identity.refresh(parseInput(refreshRequestSchema, body).refreshToken);
  }

  @Post('signout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End the session of this refresh token; its idTokens are refused from now on' })
  @ZodBody(signOutRequestSchema)
  @ApiResponse({ status: 204, description: 'signed out (also when the token was unknown)' })
  @ApiErrors(400)
  async signOut(@Body() body: unknown): Promise<void> {
    await this.identity.signOut(parseInput(signOutRequestSchema, body).refreshToken);
  }

  @Post('password-reset')
  @HttpCode(202)
  @UseGuards(RateLimitGuard)
  @RateLimit('passwordReset')
  @ApiOperation({
    summary: 'Mail a code to choose a new password (8 digits, 15 minutes, 5 tries)',
    description: 'Always 202, whether or not the email has an account, so the answer reveals nothing; one code a minute per email, 10 requests an hour per address (429).',
  })
  @ZodBody(passwordResetRequestSchema)
  @ApiResponse({ status: 202, description: 'a code was mailed if the email has an account' })
  @ApiErrors(400, 429)
  async requestPasswordReset(@Body() body: unknown): Promise<{ accepted: true }> {
    await this.identity.requestPasswordReset(parseInput(passwordResetRequestSchema, body));
    return { accepted: true };
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a new password with the mailed code; ends every other session and lifts the sign-in brake',
    description: 'Errors: 400 invalid_code (wrong code), code_expired (expired, used, or tried 5 times), weak_password, common_password.',
  })
  @ZodBody(passwordResetConfirmSchema)
  @ZodResponse(200, authSessionSchema, SESSION)
  @ApiErrors(400)
  confirmPasswordReset(@Body() body: unknown): Promise<AuthSession> {
    return this.identity.confirmPasswordReset(parseInput(passwordResetConfirmSchema, body));
  }

  @Post('password')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({
    summary: "Change the signed-in player's password; every other session ends and this one is renewed",
    description: 'Errors: 400 invalid_credentials naming currentPassword (the token is fine), 400 weak_password, 403 for a guest, 429 after 10 wrong tries.',
  })
  @ZodBody(changePasswordSchema)
  @ZodResponse(200, authSessionSchema, SESSION)
  @ApiErrors(400, 401, 403, 429)
  changePassword(@Body() body: unknown, @CurrentPrincipal() principal: Principal): Promise<AuthSession> {
    return this.identity.changePassword(principal, parseInput(changePasswordSchema, body));
  }

  @Post('profile')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiSecurity(IDENTITY_SECURITY_SCHEME)
  @ApiOperation({
    summary: "Change the signed-in player's display name; the renewed session's token carries it",
    description: 'Send the new idToken to POST /user/create and the game takes the name (leaderboards, profile, arena). Errors: 400 naming name, 403 for a guest.',
  })
  @ZodBody(changeNameSchema)
  @ZodResponse(200, authSessionSchema, SESSION)
  @ApiErrors(400, 401, 403)
  changeName(@Body() body: unknown, @CurrentPrincipal() principal: Principal): Promise<AuthSession> {
    return this.identity.changeName(principal, parseInput(changeNameSchema, body).name);
  }

  @Get('password-policy')
  @ApiOperation({ summary: 'Password rules the sign-up form enforces' })
  @ZodResponse(200, passwordPolicySchema)
  passwordPolicy(): z.infer<typeof passwordPolicySchema> {
    return { minLength: MIN_PASSWORD_LENGTH };
  }

  @Get('jwks.json')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: 'Public keys that verify idTokens (JWKS)' })
  @ApiOkResponse({ description: 'JSON Web Key Set' })
  jwks(): JSONWebKeySet {
    return this.identity.jwks();
  }
}

/** A too-short password is the one validation failure with its own code, so the form can word it. */
function parseSignUp(body: unknown) {
  const firstIssue = signUpRequestSchema.safeParse(body ?? {}).error?.issues[0];
  if (firstIssue?.code === 'too_small' && firstIssue.path.length === 1 && firstIssue.path[0] === 'password') throw weakPassword();
  return parseInput(signUpRequestSchema, body);
}
