import { type ErrorCode, MIN_PASSWORD_LENGTH } from '@globetrail/contracts';

/**
 * What the embedded identity refuses, with the HTTP status and field the REST layer will show. It stays
 * free of Nest so the identity can be used (and tested) without a web server.
 */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    /** For 429s: the Retry-After the answer carries. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const emailTaken = () => new IdentityError(409, 'email_taken', 'email: an account with this email already exists', 'email');

export const weakPassword = () =>
  new IdentityError(400, 'weak_password', `password: must be at least ${MIN_PASSWORD_LENGTH} characters`, 'password');

export const blankPassword = () => new IdentityError(400, 'weak_password', 'password: must not be only spaces', 'password');
export const personalPassword = () => new IdentityError(400, 'weak_password', 'password: must not be your email or your name: anyone who knows you would try them', 'password');

// One message for an unknown email and a wrong password, so the answer does not reveal which accounts exist.
export const invalidCredentials = () => new IdentityError(401, 'invalid_credentials', 'the email or password is wrong');

export const commonPassword = () =>
  new IdentityError(400, 'common_password', 'password: this is one of the passwords most often found in breaches; choose another', 'password');

export const tooManyAttempts = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait = seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} minutes`;
  return new IdentityError(429, 'rate_limited', `too many failed sign-in attempts for this email; try again in ${wait}`, undefined, seconds);
};

export const refreshRejected = () =>
  new IdentityError(401, 'unauthenticated', 'the refresh token is unknown, expired or revoked; sign in again');

export const refreshReused = () =>
  new IdentityError(401, 'unauthenticated', 'this refresh token was already used, so its sessions were signed out; sign in again');

export const wrongResetCode = () => new IdentityError(400, 'invalid_code', 'code: this code is not the one we sent; check the email and try again', 'code');

export const expiredResetCode = () =>
  new IdentityError(400, 'code_expired', 'code: this code has expired or was tried too often; ask for a new one', 'code');

// 400, not 401: the token is fine (a 401 would make the client refresh it and ask again).
export const wrongCurrentPassword = () => new IdentityError(400, 'invalid_credentials', 'currentPassword: this is not your current password', 'currentPassword');

export const noPasswordAccount = () => new IdentityError(403, 'anonymous_not_allowed', 'guests have no account to change: create one first');
