import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig, ROLE_NAMES } from '../../services/src/config/config.js';

const k8sDir = join(import.meta.dirname, '..', '..', 'k8s');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Container {
  name: string;
  image: string;
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

const loadTestDir = join(k8sDir, 'load-test');
const yamlIn = (dir: string) => readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
const files = yamlIn(k8sDir);
const read = (dir: string, file: string) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((document) => ({ file, manifest: document.toJS() as Manifest }));
const manifests = [...files.flatMap((file) => read(k8sDir, file)), ...yamlIn(loadTestDir).flatMap((file) => read(loadTestDir, file))];
const find = (kind: string, name: string) => manifests.find(({ manifest }) => manifest.kind === kind && manifest.metadata.name === name)?.manifest;
const podSpec = (manifest: Manifest) => (manifest.spec as { template: { spec: { containers: Container[] } } }).template.spec;

/** The kubernetes-models class for a manifest: `apps/v1` + `Deployment` → kubernetes-models/apps/v1/Deployment. */
async function modelOf({ apiVersion, kind }: Manifest): Promise<new (data: unknown) => { validate(): void }> {
  const module = (await import(`kubernetes-models/${apiVersion}/${kind}`)) as Record<string, new (data: unknown) => { validate(): void }>;
  const model = module[kind];
  if (!model) throw new Error(`kubernetes-models has no ${apiVersion} ${kind}`);
  return model;
}

describe('k8s/', () => {
  it('holds manifests that validate against the Kubernetes schemas (kubernetes-models), all in one namespace', async () => {
    expect(manifests.length).toBeGreaterThan(15);
    for (const { file, manifest } of manifests) {
      const Model = await modelOf(manifest);
      expect({ file, kind: manifest.kind, name: manifest.metadata.name, error: catchError(() => new Model(manifest).validate()) }).toEqual({ file, kind: manifest.kind, name: manifest.metadata.name, error: null });
      if (manifest.kind !== 'Namespace') expect({ file, namespace: manifest.metadata.namespace }).toEqual({ file, namespace: 'globetrail' });
    }
    // The schemas bite: a port given as text is refused.
    const web = structuredClone(find('Deployment', 'api')!);
    (podSpec(web).containers[0] as unknown as { ports: Array<{ containerPort: unknown }> }).ports[0]!.containerPort = 'http';
    const Deployment = await modelOf(web);
    expect(catchError(() => new Deployment(web).validate())).toMatch(/containerPort/);
  });

  it('applies as one kustomization, the load test as another', () => {
    const kustomization = parse(readFileSync(join(k8sDir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...files].sort());
    const loadTest = parse(readFileSync(join(loadTestDir, 'kustomization.yaml'), 'utf8')) as { resources: string[]; configMapGenerator: Array<{ name: string; files: string[] }> };
    expect(loadTest.resources).toEqual(yamlIn(loadTestDir));
    expect(loadTest.configMapGenerator).toEqual([{ name: 'load-test-script', files: ['load.js', 'socketio.js'] }]);
  });

  it('gives every container readiness and liveness probes, requests and limits', () => {
    for (const { manifest } of manifests.filter(({ manifest }) => manifest.kind === 'Deployment' || manifest.kind === 'StatefulSet')) {
      for (const container of podSpec(manifest).containers) {
        const where = `${manifest.kind}/${manifest.metadata.name}/${container.name}`;
        expect({ where, readiness: container.readinessProbe !== undefined, liveness: container.livenessProbe !== undefined }).toEqual({ where, readiness: true, liveness: true });
        expect({ where, requests: Object.keys(container.resources?.requests ?? {}).sort(), limits: Object.keys(container.resources?.limits ?? {}).sort() }).toEqual({ where, requests: ['cpu', 'memory'], limits: ['cpu', 'memory'] });
      }
    }
  });

  it('runs the data stores as StatefulSets and every role on the app’s own configuration', () => {
    for (const engine of ['kurrentdb', 'mongo', 'kafka']) expect({ engine, kind: find('StatefulSet', engine)?.kind }).toEqual({ engine, kind: 'StatefulSet' });
    const shared = { ...find('ConfigMap', 'globetrail-config')!.data, ...find('Secret', 'globetrail-secrets')!.stringData };
    const roles = new Set<string>();
    for (const { manifest } of manifests.filter(({ manifest }) => manifest.kind === 'Deployment')) {
      const [container] = podSpec(manifest).containers;
      expect(container!.envFrom?.map((source) => source.configMapRef?.name ?? source.secretRef?.name)).toEqual(['globetrail-config', 'globetrail-secrets']);
      const env = { ...shared, ...Object.fromEntries((container!.env ?? []).map(({ name, value }) => [name, value])) };
      const config = loadConfig(env, { clientDist: '/app/client/dist', releaseId: 'k8s' });
      expect(config.stores).toMatchObject({ eventStore: { kind: 'kurrentdb' }, readStore: { kind: 'mongodb' }, bus: { kind: 'kafka' } });
      for (const role of config.roles) roles.add(role);
    }
    expect([...roles].sort()).toEqual([...ROLE_NAMES].sort());
  });

  it('runs two projectors under leases, one leaving at a time', () => {
    const projector = find('Deployment', 'projector')!.spec as { replicas: number; strategy: { type: string; rollingUpdate?: { maxUnavailable: number; maxSurge: number } } };
    expect(projector.replicas).toBe(2);
    expect(projector.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(find('PodDisruptionBudget', 'projector')!.spec).toMatchObject({ minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'projector' } } });
  });

  it('scales the api and gateway roles out with autoscalers, on the identity role’s tokens, and keeps WebSockets working through the Ingress', () => {
    const identityService = find('Service', 'identity')!;
    for (const role of ['api', 'gateway']) {
      const autoscaler = find('HorizontalPodAutoscaler', role)!;
      expect(autoscaler.spec).toMatchObject({ scaleTargetRef: { kind: 'Deployment', name: role }, minReplicas: 2 });
      expect((autoscaler.spec as { maxReplicas: number }).maxReplicas).toBeGreaterThan(2);
      const [container] = podSpec(find('Deployment', role)!).containers;
      const env = Object.fromEntries((container!.env ?? []).map(({ name, value }) => [name, value]));
      expect(env).toMatchObject({ ROLES: role, IDENTITY_MODE: 'oidc', OIDC_ISSUER: 'globetrail-embedded', OIDC_AUDIENCE: 'globetrail' });
      // The JWKS they trust is the identity Service's.
      expect(new URL(env.OIDC_JWKS_URL!).hostname).toBe(`${identityService.metadata.name}.globetrail.svc.cluster.local`);
      expect(find('Service', role)).toBeDefined();
    }
    const ingress = find('Ingress', 'globetrail')!;
    expect(ingress.metadata.annotations).toMatchObject({ 'nginx.ingress.kubernetes.io/affinity': 'cookie', 'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600' });
    const paths = (ingress.spec as { rules: Array<{ http: { paths: Array<{ path: string; backend: { service: { name: string } } }> } }> }).rules[0]!.http.paths;
    expect(paths.map(({ path, backend }) => [path, backend.service.name])).toEqual([['/auth', 'identity'], ['/socket.io', 'gateway'], ['/', 'api']]);
  });

  it('has a bounded load-test Job whose k6 scripts parse and set pass/fail thresholds on solo rounds and duels', () => {
    const job = find('Job', 'load-test')!;
    expect(job.spec).toMatchObject({ backoffLimit: 0, activeDeadlineSeconds: expect.any(Number) });
    expect(podSpec(job).containers[0]!.image).toMatch(/^grafana\/k6:/);
    const [script, protocol] = ['load.js', 'socketio.js'].map((file) => readFileSync(join(loadTestDir, file), 'utf8')) as [string, string];
    for (const source of [script, protocol]) expect(() => new vm.SourceTextModule(source)).not.toThrow();
    expect(script).toMatch(/thresholds: \{/);
    expect(script).toContain("duel_finished: ['rate>0.95']");
    expect(script).toContain('/score/submit');
    expect(script).toContain("from './socketio.js'");
    // The duel protocol is the one tests/api/load-test-protocol.api.test.ts plays against the real server.
    expect(protocol).not.toMatch(/from 'k6/);
  });
});

function catchError(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
