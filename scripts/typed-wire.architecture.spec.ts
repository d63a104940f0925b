import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import * as contractsMain from '@bleedkits/contracts';
import { HEALTH_SUBJECTS } from '@bleedkits/contracts';
import * as wire from '@bleedkits/contracts/wire';
import { isWireSubject } from '@bleedkits/contracts/wire';

/** Where a subject constant may be declared: the web-safe entry or the typed wire's. */
const contracts = { ...contractsMain, ...wire };

const root = path.resolve(__dirname, '..');

/**
 * The request/reply subjects that stay off the typed wire on purpose, each with its reason: no Nest handler receives
 * them and no envelope carries their answer, so there is no declaration for `@Handles` or `NatsBus.request` to read.
 * (contracts/src/wire/index.ts says the same in words.) Every other `<context>.(cmd|qry).<name>.v<n>` must be in Wire.
 */
const DELIBERATELY_UNTYPED: Readonly<Record<string, string>> = {
  'geo-search.qry.viewport.v1': 'hot query: raw bytes both ways (requestRaw), answered by the hot-query server before Nest',
  'geo-search.qry.nearby.v1': 'hot query: raw bytes both ways (requestRaw), answered by the hot-query server before Nest',
  'geo-search.qry.search.v1': 'hot query: raw bytes both ways (requestRaw), answered by the hot-query server before Nest',
  'geo-search.qry.public-snapshot.v1': "one chunk of the public snapshot's gzipped bytes (requestRaw), answered before Nest",
  'bench.qry.postgis-viewport.v1': "bench:geo's PostGIS baseline: a bench-only responder on the raw wire",
  'bench.qry.postgis-nearby.v1': "bench:geo's PostGIS baseline: a bench-only responder on the raw wire",
  'bench.qry.peer-viewport.v1': "bench:geo's Node peer (gateway/src/routes/finder/bench-peer-subjects.ts): bench-only, raw wire",
  'bench.qry.peer-nearby.v1': "bench:geo's Node peer (gateway/src/routes/finder/bench-peer-subjects.ts): bench-only, raw wire",
  'bench.qry.peer-stats.v1': "bench:geo's Node peer, asked by bench:geo itself and never relayed",
  ...Object.fromEntries(
    Object.values(HEALTH_SUBJECTS).map((subject) => [
      subject,
      'a health probe: asked with {} by probes and answered by the platform (health.module.ts)',
    ]),
  ),
};

/** The subject grammar of contracts/src/subjects.ts, for the calls (events have no reply and are typed elsewhere). */
const CALL_SUBJECT = /^[a-z0-9-]+\.(cmd|qry)\.[a-z0-9-]+\.v\d+$/;

/** Every `.ts` file under `dir` (node_modules and dist aside), relative to `tree`. */
const tsFilesUnder = (tree: string, dir: string): string[] => {
  const files: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(file);
      } else if (entry.name.endsWith('.ts')) files.push(path.relative(tree, file).split(path.sep).join('/'));
    }
  };
  if (existsSync(path.join(tree, dir))) walk(path.join(tree, dir));
  return files;
};

/**
 * The production sources of `tree` that send, answer or name a subject: every context's, the gateway's, the
 * platform's and the contracts'. Tests are left out: they may name a made-up subject to exercise a transport.
 */
const wireSources = (tree: string): string[] => {
  const contexts = existsSync(path.join(tree, 'services'))
    ? readdirSync(path.join(tree, 'services'), { withFileTypes: true })
        .filter((context) => context.isDirectory())
        .map((context) => `services/${context.name}/src`)
    : [];
  return [...contexts, 'gateway/src', 'platform/src', 'contracts/src']
    .flatMap((dir) => tsFilesUnder(tree, dir))
    .filter((file) => !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(file) && !/(^|\/)(testing|test)\//.test(file))
    .sort();
};

/** Each source parsed once per run: three rules read the same thousand files. */
const parsed = new Map<string, ts.SourceFile>();
const parse = (tree: string, file: string): ts.SourceFile => {
  const at = path.join(tree, file);
  let source = parsed.get(at);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(at, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(at, source);
  }
  return source;
};

const visit = (node: ts.Node, each: (node: ts.Node) => void) => {
  each(node);
  ts.forEachChild(node, (child) => visit(child, each));
};

const lineOf = (source: ts.SourceFile, node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;

/**
 * The subjects an `@MessagePattern(...)` argument stands for: a string, a contracts constant (`KitsSubjects.register`)
 * or `healthSubject(context)` (any context's). Null when the rule cannot tell, which it reports rather than guess.
 */
function subjectsOf(argument: ts.Expression | undefined): string[] | null {
  if (!argument) return null;
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return [argument.text];
  if (ts.isPropertyAccessExpression(argument) && ts.isIdentifier(argument.expression)) {
    const constants = (contracts as Record<string, unknown>)[argument.expression.text];
    const subject = constants && typeof constants === 'object' ? (constants as Record<string, unknown>)[argument.name.text] : undefined;
    return typeof subject === 'string' ? [subject] : null;
  }
  if (ts.isCallExpression(argument) && ts.isIdentifier(argument.expression) && argument.expression.text === 'healthSubject') {
    return Object.values(HEALTH_SUBJECTS);
  }
  return null;
}

/**
 * Every `@MessagePattern(...)` of `tree`'s production sources whose subject is on the typed wire (it must be
 * `@Handles(subject)`, which types the payload and the answer from the declaration), or whose subject the rule cannot
 * resolve to a contracts constant: as `file:line: why`.
 */
const untypedHandlersOfWireSubjects = (tree: string): string[] =>
  wireSources(tree).flatMap((file) => {
    const source = parse(tree, file);
    const found: string[] = [];
    visit(source, (node) => {
      if (!ts.isDecorator(node) || !ts.isCallExpression(node.expression)) return;
      const call = node.expression;
      if (!ts.isIdentifier(call.expression) || call.expression.text !== 'MessagePattern') return;
      const argument = call.arguments[0];
      const subjects = subjectsOf(argument);
      const where = `${file}:${lineOf(source, node)}`;
      if (subjects === null) found.push(`${where}: @MessagePattern(${argument?.getText(source) ?? ''}) names no contracts subject`);
      else if (subjects.some(isWireSubject)) found.push(`${where}: ${subjects.join(', ')} is on the typed wire: @Handles, not @MessagePattern`);
    });
    return found;
  });

/** Every call subject written in `tree`'s production sources that Wire does not declare and the untyped list does not name. */
const undeclaredCallSubjects = (tree: string): string[] =>
  wireSources(tree).flatMap((file) => {
    const source = parse(tree, file);
    const found: string[] = [];
    visit(source, (node) => {
      if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return;
      const subject = node.text;
      if (CALL_SUBJECT.test(subject) && !isWireSubject(subject) && !Object.hasOwn(DELIBERATELY_UNTYPED, subject)) {
        found.push(`${file}:${lineOf(source, node)}: ${subject} has no declaration in Wire (contracts/src/wire)`);
      }
    });
    return found;
  });

/** Every call subject written as a string in `tree`'s production sources. */
const callSubjectsWritten = (tree: string): Set<string> =>
  new Set(
    wireSources(tree).flatMap((file) => {
      const subjects: string[] = [];
      visit(parse(tree, file), (node) => {
        if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && CALL_SUBJECT.test(node.text)) subjects.push(node.text);
      });
      return subjects;
    }),
  );

const fixture = (name: string) => path.join(root, 'scripts/fixtures/typed-wire', name);

// Issue 23 and CONVENTIONS "Contracts are the wire": every call is declared once in contracts/src/wire, and the code
// that answers it takes its types from that declaration, so a schema and its type cannot drift.
describe('the typed wire (architecture)', () => {
  it('answers every subject of the typed wire through @Handles, never a bare @MessagePattern', () => {
    expect(untypedHandlersOfWireSubjects(root)).toEqual([]);
  });

  it('fails a message controller that answers a typed subject with @MessagePattern, or names a subject it cannot resolve', () => {
    expect(untypedHandlersOfWireSubjects(fixture('message-pattern-on-wire'))).toEqual([
      'services/demo/src/queries/demo-kit/demo-kit.message-controller.ts:10: kits.qry.kit.v1 is on the typed wire: @Handles, not @MessagePattern',
      'services/demo/src/queries/demo-kit/demo-kit.message-controller.ts:15: identity.qry.user.v1 is on the typed wire: @Handles, not @MessagePattern',
      "services/demo/src/queries/demo-kit/demo-kit.message-controller.ts:20: @MessagePattern(subjectFor('kit')) names no contracts subject",
    ]);
  });

  it('names no call subject in production code that Wire does not declare, but the deliberately untyped ones', () => {
    expect(undeclaredCallSubjects(root)).toEqual([]);
  });

  it('fails a call subject with no declaration, whether a service answers it, the gateway asks it or contracts name it', () => {
    expect(undeclaredCallSubjects(fixture('undeclared-subject'))).toEqual([
      'contracts/src/subjects.ts:4: demo.qry.secret-list.v1 has no declaration in Wire (contracts/src/wire)',
      'gateway/src/routes/demo/demo.controller.ts:9: kits.qry.owner-count.v1 has no declaration in Wire (contracts/src/wire)',
      'services/demo/src/commands/demo-undo/demo-undo.message-controller.ts:7: demo.cmd.undo.v1 has no declaration in Wire (contracts/src/wire)',
    ]);
  });

  it('keeps the untyped list to subjects that exist and really are off the wire', () => {
    const written = callSubjectsWritten(root);
    const health = new Set(Object.values(HEALTH_SUBJECTS));
    // Health subjects are built by healthSubject(context), never written out; every other entry must still be in use.
    expect(Object.keys(DELIBERATELY_UNTYPED).filter((subject) => !health.has(subject) && !written.has(subject))).toEqual([]);
    expect(Object.keys(DELIBERATELY_UNTYPED).filter(isWireSubject)).toEqual([]);
  });
});
