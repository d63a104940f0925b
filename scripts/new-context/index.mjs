#!/usr/bin/env node
// `npm run new-context -- <name>`: a new bounded context on the template of docs/architecture.md, with one admin
// command and one public query over its own table, declared on the wire, routed by the gateway and listed wherever
// the repository lists its contexts. It refuses to overwrite anything, and every edit of an existing file finds its
// anchor or stops with a message naming the file, so a changed layout fails loudly instead of half-applying.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractsFiles, gatewayFiles, namesOf, serviceFiles } from './template.mjs';

/** Names a context may not take: the repository's other top-level packages and words the subject grammar uses. */
export const RESERVED = new Set([
  'contracts',
  'platform',
  'gateway',
  'web',
  'services',
  'scripts',
  'deploy',
  'bench',
  'docs',
  'shared',
  'api',
  'admin',
  'health',
  'test',
  'testing',
  'node-modules',
  'cmd',
  'qry',
  'evt',
]);

export class UsageError extends Error {}

/** Why `name` cannot be a new context of the repository at `root`, or null. */
export function nameProblem(root, name) {
  if (!name) return 'Give the new context a name: npm run new-context -- <name> (kebab-case, e.g. "training-sessions")';
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name) || name.length > 40)
    return `"${name}" is not a context name: lower-case letters and digits in words joined by single hyphens, starting with a letter, at most 40 characters`;
  if (RESERVED.has(name)) return `"${name}" is reserved (${[...RESERVED].sort().join(', ')})`;
  if (existsSync(path.join(root, 'services', name)) || existsSync(path.join(root, 'contracts/src', name)))
    return `A context named "${name}" exists already (services/${name} or contracts/src/${name})`;
  const subjects = readFileSync(path.join(root, 'contracts/src/subjects.ts'), 'utf8');
  if (new RegExp(`'${name}'`).test(/SERVICE_CONTEXTS = \[([^\]]*)\]/.exec(subjects)?.[1] ?? ''))
    return `"${name}" is already in SERVICE_CONTEXTS (contracts/src/subjects.ts)`;
  if (existsSync(path.join(root, `contracts/src/wire/${name}.wire.ts`))) return `contracts/src/wire/${name}.wire.ts exists already`;
  return null;
}

/** The edits of one existing file: each finds its anchor or throws, naming the file and what it looked for. */
function edit(root, file, changes) {
  const at = path.join(root, file);
  let text = readFileSync(at, 'utf8');
  for (const [what, change] of changes) {
    const next = change(text);
    if (next === null || next === text)
      throw new UsageError(`${file}: cannot find ${what}; add it by hand (docs/architecture.md, "Adding a context")`);
    text = next;
  }
  return [file, text];
}

/** Inserts `insert` before the first match of `anchor` at or after the first match of `after` (null when absent). */
const before = (text, anchor, insert, after) => {
  const from = after ? text.search(after) : 0;
  if (from < 0) return null;
  const rest = text.slice(from);
  const at = rest.search(anchor);
  return at < 0 ? null : text.slice(0, from + at) + insert + rest.slice(at);
};

/** Inserts `insert` after the last line that matches `line` (a regex with the m flag). */
const afterLast = (text, line, insert) => {
  const matches = [...text.matchAll(new RegExp(line.source, 'gm'))];
  if (matches.length === 0) return null;
  const last = matches.at(-1);
  const end = text.indexOf('\n', last.index) + 1;
  return text.slice(0, end) + insert + text.slice(end);
};

const objectKey = (name) => (/^[a-z][a-z0-9]*$/.test(name) ? name : `'${name}'`);

/**
 * The context whose deployment a new one copies: its image, compose service, Deployment and disruption budget carry
 * nothing of its own (no volume, no extra variable), only its name.
 */
const MODEL = 'verification';

/** A copy of the block of `text` that `block` matches, with the model's name replaced, inserted after it. */
const cloneAfter = (text, block, name) => {
  const found = block.exec(text);
  if (!found) return null;
  const end = found.index + found[0].length;
  return text.slice(0, end) + found[0].replaceAll(MODEL, name) + text.slice(end);
};

/** The image stage, compose service, Prometheus target, Kubernetes manifests and the configuration spec's list of apps. */
function deployEdits(root, name) {
  return [
    edit(root, 'deploy/Dockerfile', [
      [
        `the COPY of services/${MODEL}/package.json`,
        (t) => cloneAfter(t, new RegExp(`^COPY services/${MODEL}/package\\.json services/${MODEL}/\\n`, 'm'), name),
      ],
      [
        `the deps-${MODEL} stage`,
        (t) => cloneAfter(t, new RegExp(`^# ---- ${MODEL}: production dependencies[\\s\\S]*?services/${MODEL}/node_modules\\n\\n`, 'm'), name),
      ],
      [`the ${MODEL} image stage`, (t) => cloneAfter(t, new RegExp(`^FROM runtime AS ${MODEL}\\n[\\s\\S]*?EXPOSE \\d+\\n\\n`, 'm'), name)],
    ]),
    edit(root, 'docker-compose.yml', [
      [`the ${MODEL} service`, (t) => cloneAfter(t, new RegExp(`^  ${MODEL}:\\n    <<: \\*service\\n[\\s\\S]*?\\n\\n`, 'm'), name)],
      [`the gateway's dependency on ${MODEL}`, (t) => cloneAfter(t, new RegExp(`^      ${MODEL}: \\{ condition: service_healthy \\}\\n`, 'm'), name)],
    ]),
    edit(root, 'deploy/prometheus/prometheus.yml', [
      [`the ${MODEL} scrape target`, (t) => cloneAfter(t, new RegExp(`^ +- ${MODEL}:\\d+\\n`, 'm'), name)],
    ]),
    edit(root, 'k8s/base/kustomization.yaml', [
      [`services/${MODEL}.yaml`, (t) => cloneAfter(t, new RegExp(`^  - services/${MODEL}\\.yaml\\n`, 'm'), name)],
    ]),
    edit(root, 'k8s/base/pdb.yaml', [
      [
        `the ${MODEL} PodDisruptionBudget`,
        (t) =>
          cloneAfter(
            t,
            new RegExp(`^apiVersion: policy/v1\\nkind: PodDisruptionBudget\\nmetadata:\\n  name: ${MODEL}\\n[\\s\\S]*?\\n---\\n`, 'm'),
            name,
          ),
      ],
    ]),
    ...['staging', 'production'].map((overlay) =>
      edit(root, `k8s/overlays/${overlay}/kustomization.yaml`, [
        [`the ${MODEL} image`, (t) => cloneAfter(t, new RegExp(`^  - name: bleedkits/${MODEL}\\n.*\\n.*\\n`, 'm'), name)],
      ]),
    ),
    edit(root, 'deploy/test/configuration.spec.ts', [
      [
        'the list of apps',
        (t) =>
          t.replace(/(expect\(\[\.\.\.apps\]\.sort\(\)\)\.toEqual\()\[([^\]]*)\]/, (_, head, list) => {
            const apps = [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);
            return `${head}[${[...apps, name]
              .sort()
              .map((a) => `'${a}'`)
              .join(', ')}]`;
          }),
      ],
    ]),
  ];
}

/** What the generator writes and rewrites, as [relative path, contents] pairs, without touching the disk. */
export function plan(root, name, migrationTime = Date.now()) {
  const problem = nameProblem(root, name);
  if (problem) throw new UsageError(problem);
  const n = namesOf(name);
  const created = { ...contractsFiles(n), ...serviceFiles(n, migrationTime), ...gatewayFiles(n) };
  for (const file of Object.keys(created)) if (existsSync(path.join(root, file))) throw new UsageError(`${file} exists already: nothing was written`);

  const stack = readFileSync(path.join(root, 'scripts/lib/stack.mjs'), 'utf8');
  const ports = [...(/DEFAULT_SERVICE_PORTS = Object\.freeze\(\{([^}]*)\}/.exec(stack)?.[1] ?? '').matchAll(/:\s*(\d+)/g)].map((m) => Number(m[1]));
  const port = ports.length ? Math.max(...ports) + 1 : null;

  const edited = [
    edit(root, 'contracts/src/subjects.ts', [
      ['SERVICE_CONTEXTS', (t) => t.replace(/(export const SERVICE_CONTEXTS = \[[^\]]*?)(\] as const;)/, `$1, '${name}'$2`)],
    ]),
    edit(root, 'contracts/src/index.ts', [
      ['the last export line', (t) => afterLast(t, /^export \* from '\.\/[^']+';$/, `export * from './${name}';\n`)],
    ]),
    edit(root, 'contracts/src/dto/index.ts', [
      ['the last export line', (t) => afterLast(t, /^export \* from '\.\/[^']+';$/, `export * from './${name}.dto';\n`)],
    ]),
    edit(root, 'contracts/src/wire/index.ts', [
      [
        'the last wire import',
        (t) => afterLast(t, /^import \{ \w+Wire \} from '\.\/[^']+\.wire';$/, `import { ${n.pascal}Wire } from './${name}.wire';\n`),
      ],
      [
        'the last wire export',
        (t) =>
          afterLast(
            t,
            /^export \{ \w+Subjects, \w+Wire \} from '\.\/[^']+\.wire';$/,
            `export { ${n.pascal}Subjects, ${n.pascal}Wire } from './${name}.wire';\n`,
          ),
      ],
      ['the closing of Wire', (t) => before(t, /\} as const;/, `  ...${n.pascal}Wire,\n`, /export const Wire = \{/)],
    ]),
    edit(root, 'contracts/src/wire/wire.spec.ts', [
      ["the import from './index'", (t) => before(t, /\n {2}Wire,\n/, `\n  ${n.pascal}Subjects,`, /^import \{\n/m)],
      ['the list of contexts', (t) => before(t, /\n {2}\];/, `\n    ${n.pascal}Subjects,`, /const contexts = \[/)],
    ]),
    edit(root, 'gateway/src/gateway.module.ts', [
      ['@Module', (t) => before(t, /\n@Module\(/, `\nimport { ${n.pascal}Controller } from './routes/${name}/${name}.controller';`)],
      ['the end of the controllers list', (t) => before(t, /\n {6}\],/, `\n        ${n.pascal}Controller,`, /controllers: \[/)],
    ]),
    // The receipt check of every context's subjects (typed-wire.e2e-spec.ts boots them all) covers the new one too.
    edit(root, 'gateway/src/typed-wire.e2e-spec.ts', [
      ['the import of Wire', (t) => before(t, /\n {2}Wire,\n/, `\n  ${n.pascal}Wire,`, /^import \{\n/m)],
      ['the list of WIRES', (t) => before(t, /\n\];/, `\n  ['${name}', ${n.pascal}Wire],`, /const WIRES: /)],
    ]),
    edit(root, 'gateway/test/stack-harness.ts', [
      [
        'the gateway import',
        (t) => before(t, /import \{ type Gateway, createGateway \}/, `import { ${n.pascal}Module, read${n.pascal}Env } from '@bleedkits/${name}';\n`),
      ],
      [
        'the end of moduleFor',
        (t) =>
          before(
            t,
            /\n {2}\}\n\}/,
            `\n    case '${name}':\n      return ${n.pascal}Module.forRoot(read${n.pascal}Env(env));`,
            /function moduleFor\(/,
          ),
      ],
    ]),
    edit(root, 'jest.preset.js', [['the workspace mapping of the contexts', (t) => t.replace(/('\^@bleedkits\/\([a-z|-]+)(\)\$')/, `$1|${name}$2`)]]),
    edit(root, 'tsconfig.base.json', [
      ['the "@/*" path', (t) => before(t, /\n {6}"@\/\*"/, `\n      "@bleedkits/${name}": ["services/${name}/src/index.ts"],`)],
    ]),
    edit(root, 'platform/src/testing/register-ts.js', [
      ['the list of services', (t) => t.replace(/(const services = \[[^\]]*?)(\];)/, `$1, '${name}'$2`)],
    ]),
    edit(root, 'scripts/lib/stack.mjs', [
      ['SERVICES', (t) => t.replace(/(export const SERVICES = \[[^\]]*?)(\];)/, `$1, '${name}'$2`)],
      [
        'DEFAULT_SERVICE_PORTS',
        (t) => (port ? before(t, /\n\}\);/, `\n  ${objectKey(name)}: ${port},`, /DEFAULT_SERVICE_PORTS = Object\.freeze\(\{/) : null),
      ],
    ]),
    ...deployEdits(root, name),
  ];
  created[`k8s/base/services/${name}.yaml`] = readFileSync(path.join(root, `k8s/base/services/${MODEL}.yaml`), 'utf8')
    .replace(/^# .*\n/, `# ${name}: the ${name} context (npm run new-context), deployed as every context is.\n`)
    .replaceAll(MODEL, name);
  return { created, edited: Object.fromEntries(edited), names: n };
}

/** Runs a tool of the repository's own node_modules in `root`; throws with its output when it fails. */
function tool(root, args, env = {}) {
  const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
  return run.stdout;
}

/** Writes the plan, formats what it wrote, and regenerates the gateway's answer schemas for the new routes. */
export function generate(root, name, { answerSchemas = true } = {}) {
  const { created, edited, names } = plan(root, name);
  for (const [file, text] of Object.entries({ ...created, ...edited })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const files = [...Object.keys(created), ...Object.keys(edited)];
  tool(root, [path.join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--ignore-unknown', '--log-level', 'warn', ...files]);
  // The gateway describes each route's answer from its contracts type (answer-schemas.generated.ts); the spec that
  // checks it is stale also rewrites it, so the new routes are described before anyone calls them.
  if (answerSchemas)
    tool(
      root,
      [
        path.join(root, 'node_modules/jest/bin/jest.js'),
        '--selectProjects',
        'unit',
        '--runTestsByPath',
        'gateway/src/openapi/answer-schemas.spec.ts',
      ],
      { UPDATE_ANSWER_SCHEMAS: '1' },
    );
  return { files: answerSchemas ? [...files, 'gateway/src/openapi/answer-schemas.generated.ts'] : files, names };
}

function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const args = process.argv.slice(2);
  const name = args.find((a) => !a.startsWith('--'));
  try {
    if (args.filter((a) => !a.startsWith('--')).length > 1) throw new UsageError('Give one name: npm run new-context -- <name>');
    const { files } = generate(root, name, { answerSchemas: !args.includes('--no-answer-schemas') });
    const contexts = readdirSync(path.join(root, 'services')).length;
    process.stdout.write(
      [
        `Created the ${name} context (${contexts} contexts now). Files written or edited:`,
        ...files.sort().map((f) => `  ${f}`),
        '',
        'Next:',
        '  npm install                     links @bleedkits/' + name + ' into node_modules and package-lock.json',
        `  npx jest services/${name}        its handler specs`,
        '  (docs/architecture.md, "Adding a context")',
        '',
      ].join('\n'),
    );
  } catch (error) {
    process.stderr.write(`new-context: ${error.message}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
