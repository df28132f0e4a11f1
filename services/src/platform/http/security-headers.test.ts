import { ConfigError, loadConfig } from '../../config/config.js';
import { contentSecurityPolicy } from './security-headers.js';

const config = (env: Record<string, string> = {}) => loadConfig({ IMAGERY_PROVIDER: 'offline', ...env }, { clientDist: '/nowhere', releaseId: 'test' });

describe('the Content-Security-Policy', () => {
  it('allows only this origin by default, with blob: workers for the map and no inline scripts', () => {
    const policy = contentSecurityPolicy(config());
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(Object.values(policy).flat().join(' ')).not.toMatch(/google|\*/);
  });

  it("opens Google's hosts only when Google's viewer is the imagery", () => {
    const policy = contentSecurityPolicy(config({ IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'key' }));
    expect(policy['script-src']).toEqual(expect.arrayContaining(["'self'", 'https://*.googleapis.com', 'https://*.gstatic.com']));
    expect(policy['frame-src']).toEqual(['*.google.com']);
  });

  it("adds an ad provider's origin only when the operator configured its script; house ads add none", () => {
    const none = Object.values(contentSecurityPolicy(config())).flat();
    expect(Object.values(contentSecurityPolicy(config({ ADS_HOUSE_FILE: '/srv/ads/house.json' }))).flat()).toEqual(none);
    const policy = contentSecurityPolicy(config({ ADS_SCRIPT_URL: 'https://ads.provider.example/tag.js' }));
    for (const directive of ['script-src', 'img-src', 'connect-src', 'frame-src']) expect(policy[directive]).toContain('https://ads.provider.example');
    expect(policy['frame-src']).not.toContain("'none'");
    expect(policy['style-src']).not.toContain('https://ads.provider.example');
  });

  it('lets the online map style, the welcome video and configured sites in', () => {
    const policy = contentSecurityPolicy(
      config({ MAP_STYLE_URL: 'https://tiles.example.org/styles/liberty.json', INTRO_VIDEO_URL: 'https://media.example.net/intro.mp4', FRAME_ANCESTORS: 'https://partner.example,https://other.example:8443' }),
    );
    expect(policy['connect-src']).toContain('https://tiles.example.org');
    expect(policy['img-src']).toContain('https://tiles.example.org');
    expect(policy['media-src']).toContain('https://media.example.net');
    expect(policy['frame-ancestors']).toEqual(["'self'", 'https://partner.example', 'https://other.example:8443']);
    expect(contentSecurityPolicy(config({ MAP_STYLE_URL: 'https://a.example/s.json', MAP_STYLE_ORIGINS: 'https://tiles-a.example,https://glyphs.example' }))['connect-src']).toEqual(
      expect.arrayContaining(['https://tiles-a.example', 'https://glyphs.example']),
    );
  });

  it('refuses a malformed origin list or proxy setting, naming the variable', () => {
    expect(() => config({ FRAME_ANCESTORS: 'partner.example' })).toThrow(ConfigError);
    expect(() => config({ CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
    expect(() => config({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
    expect(config({ TRUST_PROXY: '1' }).web.trustProxy).toBe(1);
    expect(config({ TRUST_PROXY: 'loopback,10.0.0.0/8' }).web.trustProxy).toBe('loopback,10.0.0.0/8');
    expect(config().web.trustProxy).toBe(false);
  });
});
