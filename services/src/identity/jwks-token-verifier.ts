import { createLocalJWKSet, createRemoteJWKSet, errors, type JSONWebKeySet, type JWTPayload, jwtVerify } from 'jose';
import { InvalidTokenError, type Principal, type TokenVerifier, TokenVerificationUnavailableError } from './identity.port.js';

export interface AnonymousClaim {
  /** Dotted path into the claims, e.g. `firebase.sign_in_provider`. */
  claim: string;
  /** The value that marks the principal as anonymous. */
  equals: unknown;
}

export interface JwksTokenVerifierOptions {
  issuer: string;
  audience: string;
  /** The embedded identity hands its key set over directly; an OIDC issuer publishes it at a URL. */
  keys: { jwks: JSONWebKeySet } | { jwksUrl: string };
  /** Defaults to ES256 and RS256; `none` and HMAC can never verify against a public key set. */
  algorithms?: string[];
  clockToleranceSeconds?: number;
  /** Defaults to the embedded identity's `anon: true`; a token without the claim is a full account. */
  anonymousClaim?: AnonymousClaim;
  /** Milliseconds since the epoch, for tests. */
  clock?: () => number;
}

/** One verifier for both identity providers: only where the public keys come from differs. */
export class JwksTokenVerifier implements TokenVerifier {
  private readonly keySet;
  private readonly jwksUrl: string | null;
  private readonly algorithms: string[];
  private readonly clockTolerance: number;
  private readonly anonymousClaim: AnonymousClaim;
  private readonly clock: () => number;

  constructor(private readonly options: JwksTokenVerifierOptions) {
    this.jwksUrl = 'jwksUrl' in options.keys ? options.keys.jwksUrl : null;
    this.keySet = 'jwksUrl' in options.keys ? createRemoteJWKSet(new URL(options.keys.jwksUrl)) : createLocalJWKSet(options.keys.jwks);
    this.algorithms = options.algorithms ?? ['ES256', 'RS256'];
    this.clockTolerance = options.clockToleranceSeconds ?? 10;
    this.anonymousClaim = options.anonymousClaim ?? { claim: 'anon', equals: true };
    this.clock = options.clock ?? Date.now;
  }

  async verify(token: string): Promise<Principal> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keySet, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: this.algorithms,
        clockTolerance: this.clockTolerance,
        currentDate: new Date(this.clock()),
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      const invalid = asInvalidToken(error);
      if (invalid) throw invalid;
      if (this.jwksUrl !== null) throw new TokenVerificationUnavailableError(`cannot fetch the issuer's keys from ${this.jwksUrl}`, { cause: error });
      throw error;
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new InvalidTokenError('the token names no subject');
    const email = typeof payload.email === 'string' && payload.email.length > 0 ? payload.email : null;
    const name = typeof payload.name === 'string' && payload.name.length > 0 ? payload.name : email;
    const isAnonymous = claimAt(payload, this.anonymousClaim.claim) === this.anonymousClaim.equals;
    return { uid: payload.sub, isAnonymous, name, email, ...(typeof payload.sid === 'string' && payload.sid.length > 0 ? { sessionId: payload.sid } : {}) };
  }
}

function asInvalidToken(error: unknown): InvalidTokenError | undefined {
  if (error instanceof errors.JWTExpired) return new InvalidTokenError('the token has expired', 'expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new InvalidTokenError(`the token's "${error.claim}" claim is not accepted (${error.reason === 'missing' ? 'missing' : 'wrong value'})`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) return new InvalidTokenError('the token signature does not verify');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) {
    return new InvalidTokenError('the token was not signed with a key the issuer publishes');
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return new InvalidTokenError('the token is signed with an algorithm that is not accepted');
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return new InvalidTokenError('the token is malformed');
  }
  return undefined;
}

function claimAt(payload: JWTPayload, path: string): unknown {
  let value: unknown = payload;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
