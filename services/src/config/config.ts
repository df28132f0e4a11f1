import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the process reads, validated once at boot. Unknown variables are
 * ignored; a bad value stops the process with a message naming the variable.
 */
export const ROLE_NAMES = ['api', 'gateway', 'projector', 'relay', 'process-manager', 'identity'] as const;
export type Role = (typeof ROLE_NAMES)[number];

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
/** Origins such as https://partner.example (scheme, host, optional port), comma-separated. */
const originList = z
  .string()
  .regex(/^https?:\/\/[a-z0-9.*-]+(:\d+)?(,https?:\/\/[a-z0-9.*-]+(:\d+)?)*$/i, 'is a comma-separated list of origins such as https://partner.example (no paths, no spaces)');
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'is a colour such as #e40a0a');

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  CLIENT_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('warn'),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  IDENTITY_MODE: z.enum(['embedded', 'oidc']).default('embedded'),
  IDENTITY_ISSUER: z.string().min(1).default('globetrail-embedded'),
  IDENTITY_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(3600),
  OIDC_ISSUER: z.string().min(1).optional(),
  OIDC_JWKS_URL: optionalUrl,
  OIDC_AUDIENCE: z.string().min(1).optional(),
  MAP_STYLE_URL: optionalUrl,
  CLOCK_SPEED: z.coerce.number().min(1).max(1000).default(1),
  SPECTATOR_DELAY_PHASES: z.coerce.number().int().min(0).max(2).default(1),
  IMAGERY_PROVIDER: z.enum(['auto', 'panoramax', 'mapillary', 'google', 'offline']).default('auto'),
  PANORAMAX_URL: z.url().default('https://api.panoramax.xyz'),
  MAPILLARY_URL: z.url().default('https://graph.mapillary.com'),
  MAPILLARY_TOKEN: z.string().regex(/^MLY\|/, 'a Mapillary client token starts with "MLY|"').optional(),
  GOOGLE_MAPS_URL: z.url().default('https://maps.googleapis.com'),
  GOOGLE_MAPS_API_KEY: z.string().regex(/^\S+$/, 'a Google Maps Platform API key has no spaces').optional(),
  GOOGLE_MAPS_BROWSER_KEY: z.string().regex(/^\S+$/, 'a Google Maps Platform API key has no spaces').optional(),
  IMAGERY_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(1024),
  MAP_ADMINS: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'is a comma-separated list of user ids, without spaces')
    .optional(),
  OPERATORS: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'is a comma-separated list of user ids, without spaces')
    .optional(),
  MAP_STYLE_ATTRIBUTION: z.string().min(1).max(500).default('© OpenStreetMap contributors'),
  // SPEC §1: the release id players see and client reports carry, and the two sister brands by hostname.
  RELEASE_ID: z.string().regex(/^[\w.+-]{1,40}$/, 'is a release id such as 1.0.626 (letters, digits, . + - _)').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, 'is an SMTP URL (smtp://user:password@mail.example.org:587 or smtps://…:465)').optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default('GlobeTrail <no-reply@localhost>'),
  AUTHORIZED_DOMAINS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'is a comma-separated list of host names, without spaces')
    .optional(),
  INTRO_VIDEO_URL: z.string().regex(/^(https:\/\/|\/)\S+$/, 'is an https:// address or a path on this site').optional(),
  INTRO_VIDEO_MOBILE_URL: z.string().regex(/^(https:\/\/|\/)\S+$/, 'is an https:// address or a path on this site').optional(),
  GUIDE_URL: optionalUrl,
  DEVTOOLS_CHECK: z.enum(['on', 'off']).default('on'),
  ROUND_PICTURE_WARMING: z.enum(['on', 'off']).default('on'),
  SCENES_AHEAD: z.enum(['on', 'off']).default('on'),
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  PROJECTOR_ID: z.string().regex(/^[\w.:/@-]{1,120}$/, 'letters, digits and . : / @ - _, at most 120').optional(),
  ADS_HOUSE_FILE: z.string().trim().min(1).optional(),
  ADS_SCRIPT_URL: z.string().regex(/^https:\/\/[^/\s]+\/\S*$/, 'is the https:// address of the ad provider\'s script').optional(),
  ADS_CONSENT: z.enum(['required', 'not-required']).default('required'),
  ADS_FREE_PREFIXES: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'is a comma-separated list of user-id prefixes, without spaces')
    .optional(),
  DEVTOOLS_EXEMPT_PREFIXES: z
    .string()
    .regex(/^[^,\s]+(,[^,\s]+)*$/, 'is a comma-separated list of user-id prefixes, without spaces')
    .optional(),
  BRAND_NAME: z.string().trim().min(1).max(40).default('GlobeTrail'),
  BRAND_COLOR: hexColor.default('#e40a0a'),
  BRAND_URL: optionalUrl,
  SISTER_BRAND_NAME: z.string().trim().min(1).max(40).default('TerraTrail'),
  SISTER_BRAND_COLOR: hexColor.default('#0b6bcb'),
  SISTER_BRAND_URL: optionalUrl,
  SISTER_BRAND_HOSTS: z
    .string()
    .regex(/^[a-z0-9.-]+(,[a-z0-9.-]+)*$/i, 'is a comma-separated list of host names, without spaces')
    .optional(),
  // The production stack (docs/operations.md): each set variable swaps one embedded adapter for its engine.
  EVENTSTORE_URL: z.string().regex(/^(kurrentdb|kurrent|kdb|esdb)(\+discover)?:\/\/\S+$/, 'is a KurrentDB connection string (kurrentdb://host:2113?tls=false)').optional(),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/, 'is a MongoDB connection string (mongodb://host:27017/?replicaSet=rs0)').optional(),
  MONGO_DATABASE: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/, 'is a database name (letters, digits, _ and -)').optional(),
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s:]+:\d+(,[^,\s:]+:\d+)*$/, 'is a comma-separated list of host:port, without spaces')
    .optional(),
  MOVE_TOKEN_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'is 32 random bytes in base64url (openssl rand -base64 32 | tr "+/" "-_" | tr -d "=")')
    .optional(),
  ROLES: z
    .string()
    .refine((text) => text === 'all' || text.split(',').every((role) => (ROLE_NAMES as readonly string[]).includes(role)), `is "all" or a comma-separated list of ${ROLE_NAMES.join(', ')}`)
    .default('all'),
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(12),
  // Hardening (docs/security.md): who may frame or call us, which proxies to believe, and the limits.
  FRAME_ANCESTORS: originList.optional(),
  CORS_ORIGINS: originList.optional(),
  MAP_STYLE_ORIGINS: originList.optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(\d{1,2}|(?:[0-9a-f.:/]+|loopback|linklocal|uniquelocal)(?:,(?:[0-9a-f.:/]+|loopback|linklocal|uniquelocal))*)$/i, 'is a number of proxy hops (1), or a comma-separated list of proxy addresses or subnets (10.0.0.0/8,loopback)')
    .default('0'),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(10_000).default(1),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).optional(),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(256),
  MAX_SOCKETS_PER_PLAYER: z.coerce.number().int().min(1).max(1000).default(10),
  KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(7).default(1),
});

export type Env = z.infer<typeof envSchema>;

/** Credentials: a message about a bad one must not quote it (messages end up in logs). */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['SMTP_URL', 'MAPILLARY_TOKEN', 'GOOGLE_MAPS_API_KEY', 'GOOGLE_MAPS_BROWSER_KEY', 'EVENTSTORE_URL', 'MONGO_URL', 'MOVE_TOKEN_KEY', 'METRICS_TOKEN']);

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  clientDist: string;
  logLevel: Env['LOG_LEVEL'];
  /** `json`: one JSON object per line (the full stack's log collectors); `text` for a terminal. */
  logFormat: Env['LOG_FORMAT'];
  identity:
    | { mode: 'embedded'; issuer: string; tokenTtlSeconds: number }
    | { mode: 'oidc'; issuer: string; jwksUrl: string; audience: string };
  onlineMapStyleUrl: string | null;
  releaseId: string;
  /** SPEC §1's two sister brands: the sister one on `sister.hosts`, the main one everywhere else. */
  /** SPEC §8's Developer Tools check in the browser, and the user-id prefixes exempt from it (SPEC §6). */
  /** Password-reset mail (SMTP_URL, MAIL_FROM) and the hosts where signing in works (AUTHORIZED_DOMAINS; null: any). */
  mail: { smtpUrl: string | null; from: string };
  authorizedDomains: readonly string[] | null;
  welcome: { videoDesktop: string | null; videoMobile: string | null; guideUrl: string | null };
  devtoolsCheck: { enabled: boolean; exemptPrefixes: readonly string[] };
  /**
   * SPEC §1's ads (docs/ads.md): off unless an operator sets a house-ads file (ADS_HOUSE_FILE, served from
   * this site) or one provider's script (ADS_SCRIPT_URL, whose origin the CSP then allows; ADS_CONSENT);
   * players whose user id starts with one of `freePrefixes` see none (ADS_FREE_PREFIXES).
   */
  ads: AdsConfig;
  /** Encode a live round's picture during its countdown (ROUND_PICTURE_WARMING). */
  roundPictureWarming: boolean;
  /** Paint an offline place's next round scene ahead (SCENES_AHEAD). */
  scenesAhead: boolean;
  /** The bearer token GET /metrics requires (METRICS_TOKEN); null: loopback callers only. */
  metricsToken: string | null;
  /** This process as a projector's lease holder (PROJECTOR_ID; null: host name, process id, random suffix). */
  projectorId: string | null;
  brands: { main: BrandConfig; sister: BrandConfig & { hosts: ReadonlySet<string> } };
  /** How fast game timers run; 1 is real time (tests and demos run games faster). */
  clockSpeed: number;
  spectatorDelayPhases: number;
  imagery: ImageryConfig;
  /** User ids that may delete any player's map (moderation); SPEC §6 leaves map admins to us. */
  mapAdmins: ReadonlySet<string>;
  /** Signed-up player ids allowed the operator calls (`/ops/*`). */
  operators: ReadonlySet<string>;
  /** The attribution `GET /map/googleapis/tile` gives for the online style (MAP_STYLE_URL), when one is set. */
  onlineMapStyleAttribution: string;
  /** Which engine stands behind each port: the embedded ones unless a URL says otherwise. */
  stores: StoresConfig;
  /** What this process runs (docs/operations.md); `npm start` runs them all. */
  roles: ReadonlySet<Role>;
  /**
   * The secret move tokens are sealed with, shared by every web replica (MOVE_TOKEN_KEY); null: the one in
   * `DATA_DIR/pano-token-key.json`, made on first start.
   */
  moveTokenKey: Buffer | null;
  web: WebConfig;
}

/** What the HTTP server allows and trusts (docs/security.md). */
export interface WebConfig {
  /** Sites that may show the game in a frame, besides its own pages (CSP frame-ancestors). */
  frameAncestors: readonly string[];
  /** Other sites' pages that may call the API from the browser; none: same origin only. */
  corsOrigins: readonly string[];
  /** Where the online map style (MAP_STYLE_URL) loads its tiles, glyphs and sprites from. */
  mapStyleOrigins: readonly string[];
  /** Express's `trust proxy`: false, a hop count, or the proxies' addresses. */
  trustProxy: boolean | number | string;
  /** Multiplies every rate limit; 0 turns them off (a private load test). */
  rateLimitScale: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  maxSocketsPerPlayer: number;
}


export interface BrandConfig {
  name: string;
  color: string;
  url: string | null;
}

export interface StoresConfig {
  eventStore: { kind: 'sqlite' } | { kind: 'kurrentdb'; url: string };
  readStore: { kind: 'sqlite' } | { kind: 'mongodb'; url: string; database: string | undefined };
  bus: { kind: 'in-process' } | { kind: 'kafka'; brokers: string[]; partitions: number; replicationFactor: number };
}

/**
 * Where round pictures come from. `online` is the provider searched near each round's location (null:
 * only the offline pictures); the offline default always backs it up.
 */
export interface ImageryConfig {
  online:
    | { provider: 'panoramax'; url: string }
    | { provider: 'mapillary'; url: string; token: string }
    /** `key` queries metadata from the server; `browserKey` loads Google's viewer in the browser (client-config). */
    | { provider: 'google'; url: string; key: string; browserKey: string }
    | null;
  /** Disk cache of served online pictures, in bytes. */
  cacheMaxBytes: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`Invalid configuration: ${variable} ${message}`);
  }
}

export function loadConfig(env: Record<string, string | undefined>, defaults: { clientDist: string; releaseId: string }): AppConfig {
  // An empty variable means "not set", as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    const got = SECRET_VARIABLES.has(variable) ? 'the value is not shown' : `got ${JSON.stringify(present[variable])}`;
    throw new ConfigError(variable, `${issue.message} (${got})`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    clientDist: resolve(e.CLIENT_DIST ?? defaults.clientDist),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    identity: e.IDENTITY_MODE === 'embedded' ? { mode: 'embedded', issuer: e.IDENTITY_ISSUER, tokenTtlSeconds: e.IDENTITY_TOKEN_TTL_SECONDS } : oidc(e),
    onlineMapStyleUrl: e.MAP_STYLE_URL ?? null,
    releaseId: e.RELEASE_ID ?? defaults.releaseId,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    authorizedDomains: e.AUTHORIZED_DOMAINS ? e.AUTHORIZED_DOMAINS.split(',').map((host) => host.toLowerCase()) : null,
    welcome: { videoDesktop: e.INTRO_VIDEO_URL ?? null, videoMobile: e.INTRO_VIDEO_MOBILE_URL ?? e.INTRO_VIDEO_URL ?? null, guideUrl: e.GUIDE_URL ?? null },
    devtoolsCheck: { enabled: e.DEVTOOLS_CHECK === 'on', exemptPrefixes: (e.DEVTOOLS_EXEMPT_PREFIXES ?? '').split(',').filter(Boolean) },
    ads: adsConfig(e),
    roundPictureWarming: e.ROUND_PICTURE_WARMING === 'on',
    scenesAhead: e.SCENES_AHEAD === 'on',
    metricsToken: e.METRICS_TOKEN ?? null,
    projectorId: e.PROJECTOR_ID ?? null,
    brands: {
      main: { name: e.BRAND_NAME, color: e.BRAND_COLOR.toLowerCase(), url: e.BRAND_URL ?? null },
      sister: {
        name: e.SISTER_BRAND_NAME,
        color: e.SISTER_BRAND_COLOR.toLowerCase(),
        url: e.SISTER_BRAND_URL ?? null,
        hosts: new Set((e.SISTER_BRAND_HOSTS ?? '').split(',').filter(Boolean).map((host) => host.toLowerCase())),
      },
    },
    clockSpeed: e.CLOCK_SPEED,
    spectatorDelayPhases: e.SPECTATOR_DELAY_PHASES,
    imagery: { online: onlineImagery(e), cacheMaxBytes: e.IMAGERY_CACHE_MB * 1024 * 1024 },
    mapAdmins: new Set(e.MAP_ADMINS?.split(',') ?? []),
    operators: new Set(e.OPERATORS?.split(',') ?? []),
    onlineMapStyleAttribution: e.MAP_STYLE_ATTRIBUTION,
    roles: rolesOf(e.ROLES, e.IDENTITY_MODE, e.KAFKA_BROKERS !== undefined),
    moveTokenKey: e.MOVE_TOKEN_KEY ? Buffer.from(e.MOVE_TOKEN_KEY, 'base64url') : null,
    web: webConfig(e),
    stores: {
      eventStore: e.EVENTSTORE_URL ? { kind: 'kurrentdb', url: e.EVENTSTORE_URL } : { kind: 'sqlite' },
      readStore: e.MONGO_URL ? { kind: 'mongodb', url: e.MONGO_URL, database: e.MONGO_DATABASE } : { kind: 'sqlite' },
      bus: e.KAFKA_BROKERS ? { kind: 'kafka', brokers: e.KAFKA_BROKERS.split(','), partitions: e.KAFKA_PARTITIONS, replicationFactor: e.KAFKA_REPLICATION_FACTOR } : { kind: 'in-process' },
    },
  };
}

export type AdsConfig =
  | { mode: 'off' }
  | { mode: 'house'; file: string; freePrefixes: readonly string[] }
  | { mode: 'external'; scriptUrl: string; consentRequired: boolean; freePrefixes: readonly string[] };

function adsConfig(e: Env): AdsConfig {
  const freePrefixes = (e.ADS_FREE_PREFIXES ?? '').split(',').filter(Boolean);
  if (e.ADS_HOUSE_FILE && e.ADS_SCRIPT_URL) throw new ConfigError('ADS_SCRIPT_URL', 'cannot be set together with ADS_HOUSE_FILE: choose house ads or one provider');
  if (e.ADS_HOUSE_FILE) return { mode: 'house', file: resolve(e.ADS_HOUSE_FILE), freePrefixes };
  if (e.ADS_SCRIPT_URL) return { mode: 'external', scriptUrl: e.ADS_SCRIPT_URL, consentRequired: e.ADS_CONSENT === 'required', freePrefixes };
  return { mode: 'off' };
}

function webConfig(e: Env): WebConfig {
  const origins = (list: string | undefined) => (list ?? '').split(',').filter(Boolean).map((origin) => origin.toLowerCase());
  const hops = /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : null;
  return {
    frameAncestors: origins(e.FRAME_ANCESTORS),
    corsOrigins: origins(e.CORS_ORIGINS),
    mapStyleOrigins: e.MAP_STYLE_ORIGINS ? origins(e.MAP_STYLE_ORIGINS) : e.MAP_STYLE_URL ? [new URL(e.MAP_STYLE_URL).origin] : [],
    trustProxy: hops === null ? e.TRUST_PROXY : hops === 0 ? false : hops,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_SECONDS * 1000,
    maxConnections: e.MAX_CONNECTIONS ?? defaultMaxConnections(),
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    maxSocketsPerPlayer: e.MAX_SOCKETS_PER_PLAYER,
  };
}

/**
 * Below the process's open-file limit, keeping 512 descriptors for databases, pictures and logs, so a flood
 * of connections is refused before it can starve them (Linux: /proc/self/limits; elsewhere 10,000).
 */
function defaultMaxConnections(): number {
  try {
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
    if (soft === undefined) return 10_000;
    return soft === 'unlimited' ? 50_000 : Math.max(100, Math.min(50_000, Number(soft) - 512));
  } catch {
    return 10_000;
  }
}

/** `auto`: Mapillary when a token is given, else Panoramax (open, no key). Google is never chosen by `auto`: its rounds are unranked. */
function onlineImagery(e: Env): ImageryConfig['online'] {
  switch (e.IMAGERY_PROVIDER) {
    case 'offline':
      return null;
    case 'panoramax':
      return { provider: 'panoramax', url: e.PANORAMAX_URL };
    case 'mapillary':
      if (!e.MAPILLARY_TOKEN) throw new ConfigError('MAPILLARY_TOKEN', 'is required when IMAGERY_PROVIDER=mapillary');
      return { provider: 'mapillary', url: e.MAPILLARY_URL, token: e.MAPILLARY_TOKEN };
    case 'google':
      if (!e.GOOGLE_MAPS_API_KEY) throw new ConfigError('GOOGLE_MAPS_API_KEY', 'is required when IMAGERY_PROVIDER=google');
      return { provider: 'google', url: e.GOOGLE_MAPS_URL, key: e.GOOGLE_MAPS_API_KEY, browserKey: e.GOOGLE_MAPS_BROWSER_KEY ?? e.GOOGLE_MAPS_API_KEY };
    case 'auto':
      return e.MAPILLARY_TOKEN ? { provider: 'mapillary', url: e.MAPILLARY_URL, token: e.MAPILLARY_TOKEN } : { provider: 'panoramax', url: e.PANORAMAX_URL };
  }
}

/**
 * The roles a process runs. The gateways push read-model commits (the lobby, profiles): made by the
 * projector in the same process, or announced by it through Kafka.
 */
function rolesOf(text: string, identityMode: Env['IDENTITY_MODE'], kafka: boolean): ReadonlySet<Role> {
  // `all` holds the built-in accounts only when they are the identity in use.
  const all = ROLE_NAMES.filter((role) => role !== 'identity' || identityMode === 'embedded');
  const roles = new Set<Role>(text === 'all' ? all : (text.split(',') as Role[]));
  if ((roles.has('api') || roles.has('gateway')) && !roles.has('projector') && !kafka) {
    throw new ConfigError('ROLES', `runs api and gateway with projector, or hears the projector's commits through Kafka (KAFKA_BROKERS) (got ${JSON.stringify(text)})`);
  }
  if (roles.has('identity') && identityMode !== 'embedded') {
    throw new ConfigError('ROLES', 'runs identity (the built-in accounts) with IDENTITY_MODE=embedded');
  }
  return roles;
}

function oidc(e: Env): AppConfig['identity'] {
  for (const variable of ['OIDC_ISSUER', 'OIDC_JWKS_URL', 'OIDC_AUDIENCE'] as const) {
    if (!e[variable]) throw new ConfigError(variable, 'is required when IDENTITY_MODE=oidc');
  }
  return { mode: 'oidc', issuer: e.OIDC_ISSUER!, jwksUrl: e.OIDC_JWKS_URL!, audience: e.OIDC_AUDIENCE! };
}
