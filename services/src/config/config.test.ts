import { ConfigError, loadConfig } from './config.js';

const defaults = { clientDist: '/app/client/dist', releaseId: 'test' };

describe('loadConfig', () => {
  it('runs with no variables at all: port 3000, ./data, embedded identity, offline map', () => {
    const config = loadConfig({}, defaults);
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', identity: { mode: 'embedded' }, onlineMapStyleUrl: null, clientDist: '/app/client/dist', logFormat: 'text' });
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
    ['IMAGERY_PROVIDER', { IMAGERY_PROVIDER: 'streetview' }],
    ['MAPILLARY_TOKEN', { IMAGERY_PROVIDER: 'mapillary' }],
    ['MAPILLARY_TOKEN', { MAPILLARY_TOKEN: 'abc' }],
    ['PANORAMAX_URL', { PANORAMAX_URL: 'panoramax' }],
    ['IMAGERY_CACHE_MB', { IMAGERY_CACHE_MB: '-1' }],
    ['GOOGLE_MAPS_API_KEY', { IMAGERY_PROVIDER: 'google' }],
    ['GOOGLE_MAPS_API_KEY', { IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: 'AIza with spaces' }],
    ['GOOGLE_MAPS_URL', { GOOGLE_MAPS_URL: 'maps.googleapis.com' }],
    ['EVENTSTORE_URL', { EVENTSTORE_URL: 'http://kurrentdb:2113' }],
    ['MONGO_URL', { MONGO_URL: 'mongo:27017' }],
    ['KAFKA_BROKERS', { KAFKA_BROKERS: 'kafka:9092, kafka2:9092' }],
    ['KAFKA_PARTITIONS', { KAFKA_PARTITIONS: '0' }],
    ['ROLES', { ROLES: 'api,worker' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['MOVE_TOKEN_KEY', { MOVE_TOKEN_KEY: 'too-short' }],
    ['ROLES', { ROLES: 'identity', IDENTITY_MODE: 'oidc', OIDC_ISSUER: 'https://id.example.org', OIDC_JWKS_URL: 'https://id.example.org/jwks', OIDC_AUDIENCE: 'globetrail' }],
    ['ROLES', { ROLES: 'api, gateway' }],
    ['ROLES', { ROLES: 'api,gateway' }],
  ])('stops with an error naming %s', (variable, env) => {
    expect(() => loadConfig(env, defaults)).toThrow(ConfigError);
    expect(() => loadConfig(env, defaults)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('searches Panoramax by default, Mapillary when given a token, and nothing online when told offline', () => {
    expect(loadConfig({}, defaults).imagery).toEqual({ online: { provider: 'panoramax', url: 'https://api.panoramax.xyz' }, cacheMaxBytes: 1024 * 1024 * 1024 });
    expect(loadConfig({ MAPILLARY_TOKEN: 'MLY|123|abc' }, defaults).imagery.online).toEqual({ provider: 'mapillary', url: 'https://graph.mapillary.com', token: 'MLY|123|abc' });
    expect(loadConfig({ MAPILLARY_TOKEN: 'MLY|123|abc', IMAGERY_PROVIDER: 'panoramax', PANORAMAX_URL: 'https://panoramax.example.org' }, defaults).imagery.online).toEqual({ provider: 'panoramax', url: 'https://panoramax.example.org' });
    expect(loadConfig({ IMAGERY_PROVIDER: 'offline', IMAGERY_CACHE_MB: '10' }, defaults).imagery).toEqual({ online: null, cacheMaxBytes: 10 * 1024 * 1024 });
  });

  it('plays Google Street View only when chosen, with its key; the browser key defaults to the same key', () => {
    const key = 'AIzaSyTest-key_0123456789';
    expect(loadConfig({ IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: key }, defaults).imagery.online).toEqual({
      provider: 'google',
      url: 'https://maps.googleapis.com',
      key,
      browserKey: key,
    });
    expect(
      loadConfig({ IMAGERY_PROVIDER: 'google', GOOGLE_MAPS_API_KEY: key, GOOGLE_MAPS_BROWSER_KEY: 'AIzaBrowser', GOOGLE_MAPS_URL: 'http://127.0.0.1:9999' }, defaults).imagery.online,
    ).toEqual({ provider: 'google', url: 'http://127.0.0.1:9999', key, browserKey: 'AIzaBrowser' });
    // `auto` never picks Google: its rounds are unranked, so it is an explicit choice.
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: key }, defaults).imagery.online).toEqual({ provider: 'panoramax', url: 'https://api.panoramax.xyz' });
    expect(loadConfig({ GOOGLE_MAPS_API_KEY: key, MAPILLARY_TOKEN: 'MLY|1|a' }, defaults).imagery.online).toMatchObject({ provider: 'mapillary' });
  });

  it('takes a move token key shared by replicas, or leaves it to the data directory', () => {
    expect(loadConfig({}, defaults).moveTokenKey).toBeNull();
    const key = Buffer.alloc(32, 7);
    expect(loadConfig({ MOVE_TOKEN_KEY: key.toString('base64url') }, defaults).moveTokenKey).toEqual(key);
  });

  it('runs every role unless told which', () => {
    expect([...loadConfig({}, defaults).roles]).toEqual(['api', 'gateway', 'projector', 'relay', 'process-manager', 'identity']);
    expect([...loadConfig({ ROLES: 'projector,relay' }, defaults).roles]).toEqual(['projector', 'relay']);
    // Web replicas without the projector hear its commits through Kafka.
    expect([...loadConfig({ ROLES: 'api,gateway', KAFKA_BROKERS: 'kafka:9092' }, defaults).roles]).toEqual(['api', 'gateway']);
    const oidc = { IDENTITY_MODE: 'oidc', OIDC_ISSUER: 'https://id.example.org', OIDC_JWKS_URL: 'https://id.example.org/jwks', OIDC_AUDIENCE: 'globetrail' };
    expect(loadConfig(oidc, defaults).roles.has('identity')).toBe(false);
  });

  it('runs on the embedded adapters unless a production engine is named', () => {
    expect(loadConfig({}, defaults).stores).toEqual({ eventStore: { kind: 'sqlite' }, readStore: { kind: 'sqlite' }, bus: { kind: 'in-process' } });
    const production = loadConfig({ EVENTSTORE_URL: 'kurrentdb://kurrentdb:2113?tls=false', MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0', MONGO_DATABASE: 'globetrail', KAFKA_BROKERS: 'kafka-0:9092,kafka-1:9092', KAFKA_REPLICATION_FACTOR: '3' }, defaults);
    expect(production.stores).toEqual({
      eventStore: { kind: 'kurrentdb', url: 'kurrentdb://kurrentdb:2113?tls=false' },
      readStore: { kind: 'mongodb', url: 'mongodb://mongo:27017/?replicaSet=rs0', database: 'globetrail' },
      bus: { kind: 'kafka', brokers: ['kafka-0:9092', 'kafka-1:9092'], partitions: 12, replicationFactor: 3 },
    });
  });

  it('never quotes a credential in its message', () => {
    for (const env of [{ MAPILLARY_TOKEN: 'secret-token' }, { GOOGLE_MAPS_API_KEY: 'secret key' }, { GOOGLE_MAPS_BROWSER_KEY: 'secret key' }, { MONGO_URL: 'mongodb://user:secret@ mongo' }, { EVENTSTORE_URL: 'kurrentdb://admin:secret@ x' }]) {
      expect(() => loadConfig(env, defaults)).toThrow(ConfigError);
      expect(() => loadConfig(env, defaults)).not.toThrow(/secret/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }, defaults).port).toBe(3000);
  });

  it('leaves ads off unless a house-ads file or one provider script is set, never both', () => {
    expect(loadConfig({}, defaults).ads).toEqual({ mode: 'off' });
    expect(loadConfig({ ADS_HOUSE_FILE: '/srv/ads/house.json', ADS_FREE_PREFIXES: 'dev-,staff-' }, defaults).ads).toEqual({ mode: 'house', file: '/srv/ads/house.json', freePrefixes: ['dev-', 'staff-'] });
    expect(loadConfig({ ADS_SCRIPT_URL: 'https://ads.provider.example/tag.js', ADS_CONSENT: 'not-required' }, defaults).ads).toEqual({
      mode: 'external',
      scriptUrl: 'https://ads.provider.example/tag.js',
      consentRequired: false,
      freePrefixes: [],
    });
    expect(() => loadConfig({ ADS_SCRIPT_URL: 'http://ads.provider.example/tag.js' }, defaults)).toThrow(/ADS_SCRIPT_URL/);
    expect(() => loadConfig({ ADS_HOUSE_FILE: '/srv/ads/house.json', ADS_SCRIPT_URL: 'https://ads.provider.example/tag.js' }, defaults)).toThrow(/ADS_SCRIPT_URL cannot be set together with ADS_HOUSE_FILE/);
  });
});
