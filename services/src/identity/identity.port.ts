/** Who made a request, as the identity provider vouches for it. */
export interface Principal {
  uid: string;
  isAnonymous: boolean;
  name: string | null;
  email: string | null;
  /** The sign-in session the token belongs to (`sid`), when the issuer names one; ending it refuses the token. */
  sessionId?: string;
}

/**
 * Verifies identity tokens. The embedded identity and an external OIDC issuer both publish a JWKS,
 * so both verify through the same code; only where the keys come from differs.
 */
export interface TokenVerifier {
  /** Resolves the principal or throws InvalidTokenError. */
  verify(token: string): Promise<Principal>;
}

/** `expired` tells the caller a refresh will help; `invalid` means the token will never be accepted. */
export type InvalidTokenReason = 'expired' | 'invalid';

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';

  constructor(
    message: string,
    readonly reason: InvalidTokenReason = 'invalid',
  ) {
    super(message);
  }
}

/** The verifier could not decide (say, the issuer's keys could not be fetched): the token may well be fine. */
export class TokenVerificationUnavailableError extends Error {
  override readonly name = 'TokenVerificationUnavailableError';
}

/** Lets the game remove a player's sign-in account when the player deletes themselves. */
export interface IdentityAccounts {
  /** Idempotent: deleting an unknown or already deleted account succeeds. */
  deleteAccount(uid: string): Promise<void>;
  /**
   * Called after sessions end here (a provider that keeps sessions: the embedded one): one, by its id, on
   * sign-out; every one of the player's on a new password, a reset or deletion. Open sockets of those
   * sessions are then closed everywhere. An external issuer's sessions end at the issuer: absent.
   */
  onSessionsEnded?(listener: (ended: EndedSessions) => void): () => void;
}

export interface EndedSessions {
  uid: string;
  /** The one session that ended; absent: all of the player's, but `keep`. */
  sessionId?: string;
  /** The session the same change began (the new password's), which stays. */
  keep?: string;
  reason: 'signed_out' | 'signed_up' | 'password_changed' | 'password_reset' | 'account_deleted';
}

/** SPEC §6: the Authorization header carries the bare token; a "Bearer " prefix is accepted too. */
export function tokenFromAuthorizationHeader(header: string | undefined): string | null {
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 ? token : null;
}
