import { InvalidTokenError, type Principal, type TokenVerifier } from '../identity.port.js';

/**
 * The embedded identity's verifier: a token must verify *and* still belong to a live session, so signing
 * out, changing the password or deleting the account refuses its id tokens at once instead of when they
 * expire. The check is one indexed SQLite lookup in the identity's own database.
 */
export class SessionCheckingVerifier implements TokenVerifier {
  constructor(
    private readonly inner: TokenVerifier,
    private readonly sessions: { isSessionLive(principal: Principal): boolean },
  ) {}

  async verify(token: string): Promise<Principal> {
    const principal = await this.inner.verify(token);
    if (!this.sessions.isSessionLive(principal)) throw new InvalidTokenError('the session this token belongs to has ended (signed out, new password or deleted account); sign in again');
    return principal;
  }
}
