import { InvalidTokenError, type Principal, type TokenVerifier } from './identity.port.js';

export interface MintOptions {
  /** Claims besides iss/aud/iat/exp; `sub: undefined` leaves the subject out. */
  claims?: Record<string, unknown>;
  issuer?: string;
  audience?: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  /** `impostor`: another key under the issuer's kid; `unknown-key`: a kid the issuer does not publish; `none`: unsigned. */
  signer?: 'issuer' | 'impostor' | 'unknown-key' | 'none';
}

export interface TokenVerifierUnderTest {
  verifier: TokenVerifier;
  /** Mints a token as the trusted issuer would, or breaks one property of it as the options say. */
  mint: (options?: MintOptions) => Promise<string>;
  cleanup: () => Promise<void>;
}

/** The rules every TokenVerifier keeps, whichever issuer's keys it trusts and however it obtains them. */
export function tokenVerifierContract(adapterName: string, create: () => Promise<TokenVerifierUnderTest>): void {
  describe(`TokenVerifier contract: ${adapterName}`, () => {
    let subject: TokenVerifierUnderTest;

    beforeEach(async () => {
      subject = await create();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    const rejection = async (token: string): Promise<InvalidTokenError> => {
      const error = await subject.verifier.verify(token).then(
        (principal) => new Error(`accepted as ${JSON.stringify(principal)}`),
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(InvalidTokenError);
      return error as InvalidTokenError;
    };

    it("accepts the issuer's token and reads the principal from its claims", async () => {
      const token = await subject.mint({ claims: { sub: 'player-1', name: 'Ada', email: 'ada@example.org' } });
      await expect(subject.verifier.verify(token)).resolves.toEqual<Principal>({ uid: 'player-1', name: 'Ada', email: 'ada@example.org', isAnonymous: false });
    });

    it('marks a principal anonymous only when the token says so', async () => {
      const anonymous = await subject.mint({ claims: { sub: 'guest-1', anon: true } });
      const unmarked = await subject.mint({ claims: { sub: 'player-2' } });
      await expect(subject.verifier.verify(anonymous)).resolves.toMatchObject({ uid: 'guest-1', isAnonymous: true, email: null });
      await expect(subject.verifier.verify(unmarked)).resolves.toMatchObject({ uid: 'player-2', isAnonymous: false, name: null, email: null });
    });

    it('falls back to the email when the token carries no name', async () => {
      const token = await subject.mint({ claims: { sub: 'player-3', email: 'grace@example.org' } });
      await expect(subject.verifier.verify(token)).resolves.toMatchObject({ name: 'grace@example.org', email: 'grace@example.org' });
    });

    it('tolerates a few seconds of clock skew but says "expired" beyond that', async () => {
      await expect(subject.verifier.verify(await subject.mint({ claims: { sub: 'p' }, expiresIn: -3 }))).resolves.toMatchObject({ uid: 'p' });
      const error = await rejection(await subject.mint({ claims: { sub: 'p' }, expiresIn: -120 }));
      expect(error.reason).toBe('expired');
    });

    it.each([
      ['another issuer', { issuer: 'https://evil.example.org' }, /"iss"/],
      ['another audience', { audience: 'some-other-app' }, /"aud"/],
      ['no subject', { claims: { sub: undefined } }, /subject/],
      ['a signature by another key under the same kid', { signer: 'impostor' }, /signature/],
      ['a key the issuer does not publish', { signer: 'unknown-key' }, /key/],
      ['no signature at all', { signer: 'none' }, /./],
    ] as const)('rejects a token with %s as invalid', async (_case, options, message) => {
      const error = await rejection(await subject.mint({ claims: { sub: 'p' }, ...options }));
      expect(error.reason).toBe('invalid');
      expect(error.message).toMatch(message);
    });

    it('rejects strings that are not tokens', async () => {
      for (const garbage of ['garbage', 'a.b.c', '']) expect((await rejection(garbage)).reason).toBe('invalid');
    });
  });
}
