import { apps, read } from './repo';

type Instruction = { op: string; args: string };
type Stage = { name: string; from: string; instructions: Instruction[] };

/** deploy/Dockerfile as stages of instructions (comments dropped, continuation lines joined). */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op, rest] = /^(\S+)\s+(.*)$/.exec(line)!;
    const instruction = { op: op.toUpperCase(), args: rest };
    if (instruction.op === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      stages.push({ name: m[2] ?? String(stages.length), from: m[1], instructions: [] });
    } else if (stages.length === 0 && instruction.op === 'ARG') {
      const [k, v] = rest.split('=');
      args[k] = v;
    } else stages.at(-1)?.instructions.push(instruction);
  }
  return { args, stages };
}

/** The source paths and stage of a COPY instruction. */
function copyOf(args: string): { from?: string; sources: string[] } {
  const words = args.split(/\s+/);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from, sources: paths.slice(0, -1) };
}

/**
 * ISSUE 16, acceptance 5 (images): each app's image stage copies only its own app (plus the shared contracts and
 * platform packages and its own production dependencies); only the gateway gets the built web app; every image runs
 * a supported Node LTS as a non-root user and reports its readiness probe as HEALTHCHECK.
 */
describe('deploy/Dockerfile', () => {
  const { args, stages } = parseDockerfile(read('deploy/Dockerfile'));
  const stage = (name: string) => stages.find((s) => s.name === name);

  it('builds on a supported Node LTS (22 or 24), never an end-of-life line', () => {
    expect(args.NODE_IMAGE).toMatch(/^node:(22|24)([.-]|$)/);
    for (const s of stages) expect(s.from).toMatch(/^(\$\{NODE_IMAGE\}|toolchain|runtime)$/);
  });

  it('has one final stage per app, each copying only its own app, the shared packages and its own dependencies', () => {
    for (const app of apps()) {
      const image = stage(app.name);
      expect({ app: app.name, from: image?.from }).toEqual({ app: app.name, from: 'runtime' });
      const copies = image!.instructions.filter((i) => i.op === 'COPY').map((i) => copyOf(i.args));
      expect(copies.length).toBeGreaterThan(0);
      const allowed = [`/app/contracts/`, `/app/platform/`, `/app/${app.dir}/`, ...(app.name === 'gateway' ? ['/app/web/dist'] : [])];
      for (const copy of copies) {
        // Never from the build context, never another app's dependency stage.
        expect({ app: app.name, from: copy.from }).toEqual({ app: app.name, from: expect.stringMatching(new RegExp(`^(build|deps-${app.name})$`)) });
        for (const source of copy.sources) {
          if (copy.from === `deps-${app.name}`) expect(source).toMatch(/node_modules$/);
          else
            expect({ app: app.name, source, ok: allowed.some((a) => source === a.replace(/\/$/, '') || source.startsWith(a)) }).toMatchObject({
              ok: true,
            });
          // The build stage's node_modules holds every workspace's development dependencies (MUI, Vite, Jest...).
          if (copy.from === 'build') expect(source).not.toMatch(/node_modules/);
        }
      }
      expect(image!.instructions).toContainEqual({ op: 'ENV', args: expect.stringContaining(`APP_DIR=${app.dir}`) });

      const deps = stage(`deps-${app.name}`);
      expect(deps?.from).toBe('toolchain');
      expect(deps!.instructions.map((i) => i.args).join('\n')).toMatch(
        new RegExp(`npm ci --omit=dev --workspace ${app.dir.replace('/', '\\/')}(\\s|$)`),
      );
    }
  });

  it('puts the built web app in the gateway image only', () => {
    const withWeb = stages.filter((s) => s.instructions.some((i) => i.op === 'COPY' && /web\/dist/.test(i.args))).map((s) => s.name);
    expect(withWeb).toEqual(['gateway']);
  });

  it('runs as the unprivileged node user with a HEALTHCHECK on the readiness probe', () => {
    const runtime = stage('runtime')!;
    expect(runtime.from).toBe('${NODE_IMAGE}');
    expect(runtime.instructions).toContainEqual({ op: 'USER', args: 'node' });
    const healthcheck = runtime.instructions.find((i) => i.op === 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/\/readyz/);
    expect(healthcheck?.args).toMatch(/SERVICE_HTTP_PORT\|\|process\.env\.MANAGEMENT_PORT/);
    // A stage that needs root for a package install hands back to node before it ends.
    for (const app of apps()) {
      const users = stage(app.name)!
        .instructions.filter((i) => i.op === 'USER')
        .map((i) => i.args);
      if (users.length > 0) expect(users.at(-1)).toBe('node');
    }
    // The gateway's probe port is its internal MANAGEMENT_PORT, not the public one.
    expect(stage('gateway')!.instructions).toContainEqual({ op: 'ENV', args: expect.stringContaining('MANAGEMENT_PORT=9100') });
  });
});
