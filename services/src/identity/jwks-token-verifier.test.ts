import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CryptoKey, exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT, UnsecuredJWT } from 'jose';
import { InvalidTokenError, TokenVerificationUnavailableError } from './identity.port.js';
import { JwksTokenVerifier } from './jwks-token-verifier.js';
import { type MintOptions, tokenVerifierContract } from './token-verifier.contract.js';

/** An identity provider of our own making: it signs what the tests ask, including broken tokens. */
class TestIssuer {
  private constructor(
    readonly issuer: string,
    readonly audience: string,
    private readonly alg: 'ES256' | 'RS256',
    private readonly keys: { own: CryptoKey; impostor: CryptoKey },
    readonly jwks: JSONWebKeySet,
  ) {}

  static async create(alg: 'ES256' | 'RS256', issuer = 'https://id.example.org', audience = 'globetrail-test'): Promise<TestIssuer> {
    const own = await generateKeyPair(alg, { extractable: true });
    const impostor = await generateKeyPair(alg);
    const jwks = { keys: [{ ...(await exportJWK(own.publicKey)), kid: 'issuer-key', alg, use: 'sig' }] };
    return new TestIssuer(issuer, audience, alg, { own: own.privateKey, impostor: impostor.privateKey }, jwks);
  }

  async mint(options: MintOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims = Object.fromEntries(Object.entries({ sub: 'player', ...options.claims }).filter(([, value]) => value !== undefined));
    const stamp = <T extends SignJWT | UnsecuredJWT>(jwt: T): T =>
      jwt
        .setIssuer(options.issuer ?? this.issuer)
        .setAudience(options.audience ?? this.audience)
        .setIssuedAt(now - 3600)
        .setExpirationTime(now + (options.expiresIn ?? 600)) as T;
    const signer = options.signer ?? 'issuer';
    if (signer === 'none') return stamp(new UnsecuredJWT(claims)).encode();
    const kid = signer === 'unknown-key' ? 'retired-key' : 'issuer-key';
    return stamp(new SignJWT(claims).setProtectedHeader({ alg: this.alg, kid, typ: 'JWT' })).sign(signer === 'issuer' ? this.keys.own : this.keys.impostor);
  }
}

// RSA key generation takes a few hundred ms, so each kind of issuer is made once per file.
const issuers = new Map<'ES256' | 'RS256', Promise<TestIssuer>>();
const issuerSigning = (alg: 'ES256' | 'RS256') => issuers.get(alg) ?? issuers.set(alg, TestIssuer.create(alg)).get(alg)!;

/** Serves a JWKS on loopback the way an OIDC issuer does, counting the fetches. */
async function serveJwks(jwks: JSONWebKeySet, status = 200): Promise<{ url: string; fetches: () => number; close: () => Promise<void> }> {
  let fetches = 0;
  const server: Server = createServer((request, response) => {
    fetches += 1;
    if (request.url !== '/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    fetches: () => fetches,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

tokenVerifierContract('local JWKS (embedded identity), ES256', async () => {
  const issuer = await issuerSigning('ES256');
  const verifier = new JwksTokenVerifier({ keys: { jwks: issuer.jwks }, issuer: issuer.issuer, audience: issuer.audience });
  return { verifier, mint: (options) => issuer.mint(options), cleanup: async () => {} };
});

tokenVerifierContract('remote JWKS over HTTP (OIDC issuer), RS256', async () => {
  const issuer = await issuerSigning('RS256');
  const server = await serveJwks(issuer.jwks);
  const verifier = new JwksTokenVerifier({ keys: { jwksUrl: server.url }, issuer: issuer.issuer, audience: issuer.audience });
  return { verifier, mint: (options) => issuer.mint(options), cleanup: server.close };
});

describe('JwksTokenVerifier', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closers.splice(0).map((close) => close()));
  });

  const remote = async (issuer: TestIssuer, options: Partial<ConstructorParameters<typeof JwksTokenVerifier>[0]> = {}, status = 200) => {
    const server = await serveJwks(issuer.jwks, status);
    closers.push(server.close);
    const verifier = new JwksTokenVerifier({ keys: { jwksUrl: server.url }, issuer: issuer.issuer, audience: issuer.audience, ...options });
    return { verifier, server };
  };

  it("fetches the issuer's keys once and reuses them", async () => {
    const issuer = await issuerSigning('RS256');
    const { verifier, server } = await remote(issuer);
    await verifier.verify(await issuer.mint());
    await verifier.verify(await issuer.mint());
    expect(server.fetches()).toBe(1);
  });

  it('reads anonymity from a configured claim, e.g. Firebase-style sign_in_provider', async () => {
    const issuer = await issuerSigning('RS256');
    const { verifier } = await remote(issuer, { anonymousClaim: { claim: 'firebase.sign_in_provider', equals: 'anonymous' } });
    const guest = await issuer.mint({ claims: { sub: 'g', firebase: { sign_in_provider: 'anonymous' } } });
    const member = await issuer.mint({ claims: { sub: 'm', anon: true, firebase: { sign_in_provider: 'password' } } });
    await expect(verifier.verify(guest)).resolves.toMatchObject({ uid: 'g', isAnonymous: true });
    await expect(verifier.verify(member)).resolves.toMatchObject({ uid: 'm', isAnonymous: false });
  });

  it('rejects an algorithm outside the allowed list', async () => {
    const issuer = await issuerSigning('RS256');
    const { verifier } = await remote(issuer, { algorithms: ['ES256'] });
    await expect(verifier.verify(await issuer.mint())).rejects.toThrow(new InvalidTokenError('the token is signed with an algorithm that is not accepted'));
  });

  it('says the check is unavailable, not that the token is bad, when the key server is down or failing', async () => {
    const issuer = await issuerSigning('RS256');
    const down = await serveJwks(issuer.jwks);
    await down.close();
    const unreachable = new JwksTokenVerifier({ keys: { jwksUrl: down.url }, issuer: issuer.issuer, audience: issuer.audience });
    const { verifier: failing } = await remote(issuer, {}, 500);
    const token = await issuer.mint();
    await expect(unreachable.verify(token)).rejects.toThrow(TokenVerificationUnavailableError);
    await expect(unreachable.verify(token)).rejects.toThrow(down.url);
    await expect(failing.verify(token)).rejects.toThrow(TokenVerificationUnavailableError);
  });

  it('judges expiry by the injected clock', async () => {
    const issuer = await issuerSigning('ES256');
    const twoHoursLater = () => Date.now() + 2 * 3600 * 1000;
    const verifier = new JwksTokenVerifier({ keys: { jwks: issuer.jwks }, issuer: issuer.issuer, audience: issuer.audience, clock: twoHoursLater });
    await expect(verifier.verify(await issuer.mint({ expiresIn: 600 }))).rejects.toMatchObject({ reason: 'expired' });
  });
});
