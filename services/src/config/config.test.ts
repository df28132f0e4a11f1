import { ConfigError, loadConfig } from './config.js';

const defaults = { clientDist: '/app/client/dist', releaseId: 'test' };

describe('loadConfig', () => {
  it('runs with no variables at all: port 3000, ./data, embedded identity, offline map', () => {
    const config = loadConfig({}, defaults);
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', identity: { mode: 'embedded' }, onlineMapStyleUrl: null, clientDist: '/app/client/dist' });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('reads the variables it knows', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/x', MAP_STYLE_URL: 'https://tiles.example.org/style.json', IDENTITY_TOKEN_TTL_SECONDS: '600' }, defaults);
    expect(config).toMatchObject({ port: 8080, dataDir: '/tmp/x', onlineMapStyleUrl: 'https://tiles.example.org/style.json', identity: { tokenTtlSeconds: 600 } });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['MAP_STYLE_URL', { MAP_STYLE_URL: 'not a url' }],
    ['IDENTITY_MODE', { IDENTITY_MODE: 'ldap' }],
    ['OIDC_ISSUER', { IDENTITY_MODE: 'oidc' }],
  ])('stops with an error naming %s', (variable, env) => {
    expect(() => loadConfig(env, defaults)).toThrow(ConfigError);
    expect(() => loadConfig(env, defaults)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }, defaults).port).toBe(3000);
  });
});
