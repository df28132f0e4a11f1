import type { ClientConfig } from '@globetrail/contracts';
import { houseAdsFile, TINY_PNG } from '../support/house-ads.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** SPEC §1's ads (docs/ads.md): off by default; house ads from this site; one provider's origin in the CSP. */
describe('ads', () => {
  let off: TestApp;
  let house: TestApp;
  let provider: TestApp;
  beforeAll(async () => {
    [off, house, provider] = await Promise.all([
      startTestApp(),
      startTestApp({ env: { ADS_HOUSE_FILE: houseAdsFile(), ADS_FREE_PREFIXES: 'dev-' } }),
      startTestApp({ env: { ADS_SCRIPT_URL: 'https://ads.provider.example/tag.js' } }),
    ]);
  });
  afterAll(() => Promise.all([off, house, provider].map((t) => t.close())));

  const csp = async (t: TestApp) => String((await t.http.get('/client-config').expect(200)).headers['content-security-policy']);

  it('are off by default: nothing for the client to load, no outside origin in the CSP, no house picture', async () => {
    expect(((await off.http.get('/client-config').expect(200)).body as ClientConfig).ads).toEqual({ mode: 'off' });
    expect(await csp(off)).toMatch(/frame-src 'none'/);
    expect(await csp(off)).not.toMatch(/https:\/\//);
    await off.http.get('/ads/house/spring-cup').expect(404);
  });

  it('serves house ads from this site, pictures included, and lets no outside origin in', async () => {
    const { ads } = (await house.http.get('/client-config').expect(200)).body as ClientConfig;
    expect(ads).toEqual({
      mode: 'house',
      ads: [
        { id: 'spring-cup', image: '/ads/house/spring-cup', href: 'https://example.org/cup', alt: 'The Spring Cup: 64 players, one map' },
        { id: 'map-club', image: '/ads/house/map-club', href: 'https://example.org/club', alt: 'The map club meets on Fridays' },
      ],
      freePrefixes: ['dev-'],
    });
    const picture = await house.http.get('/ads/house/map-club').buffer(true).expect(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(picture.body as Buffer, TINY_PNG)).toBe(0);
    expect((await house.http.get('/ads/house/nothing-here').expect(404)).body).toMatchObject({ code: 'not_found' });
    expect(await csp(house)).toBe(await csp(off));
  });

  it("hands the client one provider's script and allows its origin, asking for consent by default", async () => {
    expect(((await provider.http.get('/client-config').expect(200)).body as ClientConfig).ads).toEqual({ mode: 'external', scriptUrl: 'https://ads.provider.example/tag.js', consentRequired: true, freePrefixes: [] });
    expect(await csp(provider)).toMatch(/script-src 'self' https:\/\/ads\.provider\.example/);
    expect(await csp(provider)).toMatch(/frame-src https:\/\/ads\.provider\.example/);
  });
});
