// The Kubernetes manifests of deploy/k8s, checked offline: every object against Kubernetes' own
// schemas (kubernetes-models, generated from the API's OpenAPI definitions, no cluster or network),
// then the operating rules of issue 25 that a schema cannot see.
import { describe, expect, it } from '@jest/globals';
import { LIMITS } from '@zunft/contracts';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../config.js';

const DIR = path.join(REPO_ROOT, 'deploy/k8s');

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}
interface Container {
  name: string;
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string } }[];
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  livenessProbe?: unknown;
  readinessProbe?: unknown;
}
interface PodSpec {
  terminationGracePeriodSeconds?: number;
  topologySpreadConstraints?: { topologyKey: string; labelSelector: { matchLabels: Record<string, string> } }[];
  initContainers?: Container[];
  containers: Container[];
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));
const objects: (K8sObject & { file: string })[] = files
  .filter((f) => f !== 'kustomization.yaml')
  .flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((doc) => ({
      ...(doc.toJS() as K8sObject),
      file,
    })),
  );
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const deployments = ofKind('Deployment');
const podSpec = (d: K8sObject) => (d.spec as { template: { spec: PodSpec } }).template.spec;
const labelsOf = (d: K8sObject) =>
  (d.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
const env = (c: Container, name: string) => c.env?.find((e) => e.name === name);
const NEST_SERVICES = ['auth', 'operations', 'billing', 'billing-worker'];
const preStopSeconds = (c: Container) => Number(c.lifecycle?.preStop?.exec?.command.at(-1) ?? 0);

describe('deploy/k8s', () => {
  it('lists every manifest in the kustomization', () => {
    const kustomization = parseAllDocuments(readFileSync(path.join(DIR, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as {
      resources: string[];
    };
    expect([...kustomization.resources].sort()).toEqual(files.filter((f) => f !== 'kustomization.yaml').sort());
  });

  it.each(objects.map((o) => [`${o.file}: ${o.kind} ${o.metadata.name}`, o] as const))(
    'validates against the Kubernetes schema: %s',
    async (_name, object) => {
      const [group, version] = object.apiVersion.includes('/')
        ? object.apiVersion.split('/')
        : [null, object.apiVersion];
      const module = (await import(`kubernetes-models/${group ? `${group}/` : ''}${version}/${object.kind}`)) as Record<
        string,
        new (data: unknown) => { validate(): void }
      >;
      const { file: _file, ...data } = object;
      expect(() => new module[object.kind]!(data).validate()).not.toThrow();
    },
  );

  it('the schema check is real: a wrong field type or a missing required field fails', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1/Deployment');
    const bad = structuredClone(deployments.find((d) => d.metadata.name === 'auth')!) as K8sObject & { file?: string };
    delete bad.file;
    podSpec(bad).terminationGracePeriodSeconds = 'lang' as unknown as number;
    expect(() => new Deployment(bad as never).validate()).toThrow(/terminationGracePeriodSeconds/);
    const noImage = structuredClone(bad);
    podSpec(noImage).terminationGracePeriodSeconds = 30;
    delete (podSpec(noImage).containers[0] as { image?: string }).image;
    expect(() => new Deployment(noImage as never).validate()).not.toThrow(); // image is optional in the API …
    (podSpec(noImage).containers[0] as { ports?: unknown }).ports = [{ name: 'http' }];
    expect(() => new Deployment(noImage as never).validate()).toThrow(/containerPort/); // … a port's number is not
  });

  it('every Deployment spreads over nodes, and has a PodDisruptionBudget; every backend one an HPA', () => {
    const pdbs = ofKind('PodDisruptionBudget').map(
      (p) => (p.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
    );
    const hpas = ofKind('HorizontalPodAutoscaler').map(
      (h) => (h.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name,
    );
    for (const d of deployments) {
      const spread = podSpec(d).topologySpreadConstraints ?? [];
      expect([d.metadata.name, spread.some((s) => s.topologyKey === 'kubernetes.io/hostname')]).toEqual([
        d.metadata.name,
        true,
      ]);
      const labels = labelsOf(d);
      const covered = pdbs.some((sel) => Object.entries(sel).every(([k, v]) => labels[k] === v));
      expect([d.metadata.name, covered]).toEqual([d.metadata.name, true]);
      if (!d.metadata.name.startsWith('frontend-')) expect(hpas).toContain(d.metadata.name);
    }
  });

  it('preStop and termination grace are longer than the longest request of each deployable', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const gw = podSpec(gateway).containers[0]!;
    const shutdownGraceMs = Number(env(gw, 'SHUTDOWN_GRACE_MS')?.value);
    expect(shutdownGraceMs).toBeGreaterThan(LIMITS.pdfWaits.gatewayMs); // 45 s PDF wait finishes
    expect(podSpec(gateway).terminationGracePeriodSeconds! * 1000).toBeGreaterThan(
      preStopSeconds(gw) * 1000 + shutdownGraceMs,
    );
    const billing = deployments.find((d) => d.metadata.name === 'billing')!;
    expect(podSpec(billing).terminationGracePeriodSeconds! * 1000).toBeGreaterThan(
      preStopSeconds(podSpec(billing).containers[0]!) * 1000 + LIMITS.pdfWaits.serviceMaxMs,
    );
    for (const d of deployments.filter((x) => x.metadata.name !== 'billing-worker')) {
      expect([d.metadata.name, preStopSeconds(podSpec(d).containers[0]!)]).toEqual([d.metadata.name, 5]);
    }
    // The worker finishes its running jobs (at most 30 s) and has an exec liveness probe (no port).
    const worker = deployments.find((d) => d.metadata.name === 'billing-worker')!;
    expect(podSpec(worker).terminationGracePeriodSeconds).toBeGreaterThan(30);
    expect(podSpec(worker).containers[0]!.livenessProbe).toMatchObject({
      exec: { command: ['node', 'dist/worker/probe.js'] },
    });
  });

  it('secrets come from Secrets only, never as literal values', () => {
    const secretish = /PASSWORD|SECRET|TOKEN|PRIVATE_KEY$|^(DATABASE|REDIS|NATS|SMTP)_URL$|^STRIPE_/;
    for (const d of deployments) {
      for (const c of [...(podSpec(d).initContainers ?? []), ...podSpec(d).containers]) {
        for (const e of c.env ?? []) {
          if (secretish.test(e.name))
            expect([d.metadata.name, e.name, e.valueFrom?.secretKeyRef?.key]).toEqual([
              d.metadata.name,
              e.name,
              expect.any(String),
            ]);
        }
      }
    }
    for (const cm of ofKind('ConfigMap'))
      for (const key of Object.keys(cm.data ?? {})) expect(key).not.toMatch(secretish);
  });

  it('the Nest services share the runtime settings: HOST, pools within max_connections, NATS stream R3', () => {
    const runtime = ofKind('ConfigMap').find((c) => c.metadata.name === 'zunft-runtime')!.data!;
    expect(runtime).toMatchObject({ HOST: '0.0.0.0', NATS_STREAM_REPLICAS: '3' });
    const hpaMax = new Map(
      ofKind('HorizontalPodAutoscaler').map((h) => {
        const spec = h.spec as { scaleTargetRef: { name: string }; maxReplicas: number };
        return [spec.scaleTargetRef.name, spec.maxReplicas];
      }),
    );
    let pods = 0;
    for (const name of NEST_SERVICES) {
      const d = deployments.find((x) => x.metadata.name === name)!;
      const c = podSpec(d).containers[0]!;
      expect([name, c.envFrom?.some((e) => e.configMapRef?.name === 'zunft-runtime')]).toEqual([name, true]);
      expect([name, env(c, 'NATS_USER')?.valueFrom?.secretKeyRef?.name]).toEqual([name, `zunft-nats-${name}`]);
      pods += hpaMax.get(name)!;
    }
    // Every pod's pool at the HPA maxima, plus a lock and two migration connections for a few pods
    // starting at once, stays below PostgreSQL's default max_connections of 100.
    expect(pods * Number(runtime.DB_POOL_MAX) + 4 * 3).toBeLessThan(100);
  });

  it('TRUSTED_PROXIES names the pod network explicitly: private CIDRs no wider than /16, no catch-all', () => {
    const runtime = ofKind('ConfigMap').find((c) => c.metadata.name === 'zunft-runtime')!.data!;
    const entries = runtime.TRUSTED_PROXIES!.split(',').map((s) => s.trim());
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(entry);
      expect([entry, m !== null]).toEqual([entry, true]);
      const [a, b, bits] = [Number(m![1]), Number(m![2]), Number(m![5])];
      // RFC 1918 only: 10/8, 172.16/12, 192.168/16
      const isPrivate = a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
      expect([entry, isPrivate]).toEqual([entry, true]);
      expect([entry, bits >= 16 && bits <= 32]).toEqual([entry, true]);
    }
    // the value the deploy README tells operators to compare with their cluster
    expect(readFileSync(path.join(REPO_ROOT, 'deploy/README.md'), 'utf8')).toContain(
      `TRUSTED_PROXIES: ${runtime.TRUSTED_PROXIES}`,
    );
  });

  it('each remote is its own Deployment behind the Ingress; the gateway holds only the shell', () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    expect((podSpec(gateway).initContainers ?? []).map((c) => c.name)).toEqual(['frontend-shell']);
    const remotes = ofKind('ConfigMap').find((c) => c.metadata.name === 'zunft-remotes')!.data!;
    expect(remotes.REMOTE_DIRS).toBe('');
    const ingress = ofKind('Ingress')[0]!.spec as {
      rules: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
    };
    const paths = ingress.rules[0]!.http.paths;
    for (const [key, url] of Object.entries(remotes).filter(([k]) => k.startsWith('REMOTE_') && k.endsWith('_URL'))) {
      const name = /^\/remotes\/([a-z]+)\/mf-manifest\.json$/.exec(url)?.[1];
      expect([key, name]).toEqual([key, expect.any(String)]);
      const route = paths.find((p) => p.path === `/remotes/${name}`);
      expect(route?.backend.service.name).toBe(`frontend-mf-${name}`);
      expect(deployments.map((d) => d.metadata.name)).toContain(`frontend-mf-${name}`);
    }
  });

  it('the images install with npm ci from the committed lockfile, never falling back to npm install', () => {
    const dockerDir = path.join(REPO_ROOT, 'deploy/docker');
    for (const file of readdirSync(dockerDir).filter((f) => f.endsWith('.Dockerfile'))) {
      const text = readFileSync(path.join(dockerDir, file), 'utf8');
      expect([file, /npm ci\b/.test(text), /\bnpm install\b/.test(text.replace(/^#.*$/gm, ''))]).toEqual([
        file,
        true,
        false,
      ]);
    }
  });

  it('every backend pod is scraped on its own metrics port, open to the monitoring namespace only', () => {
    const metricsPorts: Record<string, number> = {
      gateway: 9100,
      auth: 9101,
      operations: 9102,
      billing: 9103,
      'billing-worker': 9104,
    };
    for (const [name, port] of Object.entries(metricsPorts)) {
      const deployment = deployments.find((d) => d.metadata.name === name)!;
      const template = (deployment.spec as { template: { metadata: { annotations?: Record<string, string> } } })
        .template;
      expect(template.metadata.annotations).toMatchObject({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      });
      const container = podSpec(deployment).containers.find((c) => c.name === name)!;
      expect(env(container, 'METRICS_PORT')?.value).toBe(String(port));
      expect(env(container, 'METRICS_HOST')?.value).toBe('0.0.0.0');
      const ports = (container as { ports?: { name: string; containerPort: number }[] }).ports ?? [];
      expect(ports).toContainEqual({ name: 'metrics', containerPort: port });
    }
    // No Service publishes a metrics port (the Ingress reaches the gateway's 8080 only).
    for (const service of ofKind('Service')) {
      const ports = (service.spec as { ports: { port: number }[] }).ports.map((p) => p.port);
      expect(ports.filter((p) => p >= 9100 && p <= 9104)).toEqual([]);
    }
    const policy = ofKind('NetworkPolicy').find((p) => p.metadata.name === 'metrics-from-monitoring')!;
    expect(policy.spec).toMatchObject({
      ingress: [
        {
          from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } }],
          ports: [{ port: 9100, endPort: 9104, protocol: 'TCP' }],
        },
      ],
    });
  });

  it('NetworkPolicies deny by default and open each service port to the gateway only (auth also to billing)', () => {
    const policies = ofKind('NetworkPolicy');
    expect(policies.find((p) => p.metadata.name === 'default-deny-ingress')?.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress'],
    });
    const sources = (app: string) =>
      policies
        .filter(
          (p) =>
            (p.spec as { podSelector: { matchLabels?: Record<string, string> } }).podSelector.matchLabels?.[
              'app.kubernetes.io/name'
            ] === app,
        )
        .flatMap(
          (p) =>
            (p.spec as { ingress: { from: { podSelector: { matchLabels: Record<string, string> } }[] }[] }).ingress,
        )
        .flatMap((rule) => rule.from.map((f) => f.podSelector.matchLabels['app.kubernetes.io/name']));
    expect(sources('operations')).toEqual(['gateway']);
    expect(sources('billing')).toEqual(['gateway']);
    expect(sources('auth')).toEqual(['gateway', 'billing', 'billing-worker']);
    expect(sources('billing-worker')).toEqual([]);
  });
});
