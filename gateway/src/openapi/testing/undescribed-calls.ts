import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * Issue 30: every answer a gateway e2e suite receives is checked against the description. The checked ways to call
 * the gateway are HttpClient, describedFetch, rawRequest and checkDescribed (gateway/test/described-answers.ts); this
 * finds the unchecked ones in a spec's source, so a guard test can fail on them:
 * - a call of the global `fetch(` (or `globalThis.fetch(`), unless it is allowed as a call to something that is not
 *   the gateway's documented surface (a fake, a peer, a replica's or the internal port's metrics);
 * - an import of node:http's or node:https' `get` or `request` in a file that never calls checkDescribed.
 */
export type UncheckedCall = { file: string; line: number; call: string };

/** A call allowed to stay unchecked: `argument` matches the source text of the first argument (the URL). */
export type AllowedCall = { file: string; argument: RegExp; reason: string };

/** A spec allowed to use node:http without checkDescribed. */
export type AllowedRawClient = { file: string; reason: string };

const RAW_MODULES = new Set(['http', 'https', 'node:http', 'node:https']);
const RAW_CALLS = new Set(['get', 'request']);

/** The unchecked calls in one source file; `file` is how results and allow-lists name it (relative to the repo). */
export function uncheckedCalls(
  file: string,
  source: string,
  allowed: readonly AllowedCall[] = [],
  rawAllowed: readonly AllowedRawClient[] = [],
): UncheckedCall[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: UncheckedCall[] = [];
  const at = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  let rawImport: ts.Node | undefined;
  let checksRaw = false;

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && RAW_MODULES.has(node.moduleSpecifier.text)) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named) && named.elements.some((e) => !e.isTypeOnly && RAW_CALLS.has((e.propertyName ?? e.name).text))) {
        rawImport = node;
      }
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'checkDescribed') checksRaw = true;
      const globalFetch =
        (ts.isIdentifier(callee) && callee.text === 'fetch') ||
        (ts.isPropertyAccessExpression(callee) &&
          callee.name.text === 'fetch' &&
          ts.isIdentifier(callee.expression) &&
          callee.expression.text === 'globalThis');
      if (globalFetch) {
        const argument = node.arguments[0]?.getText(sf) ?? '';
        if (!allowed.some((a) => a.file === file && a.argument.test(argument))) found.push({ file, line: at(node), call: `fetch(${argument})` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (rawImport && !checksRaw && !rawAllowed.some((a) => a.file === file)) {
    found.push({ file, line: at(rawImport), call: 'node:http get/request without checkDescribed' });
  }
  return found;
}

/** Every *.e2e-spec.ts under `dir` (node_modules and dist aside), as paths relative to `root`. */
export function e2eSpecs(root: string, dir: string): string[] {
  return ts.sys
    .readDirectory(dir, ['.ts'], ['**/node_modules/**', '**/dist/**'], ['**/*.e2e-spec.ts'])
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .sort();
}

export function readSource(root: string, file: string): string {
  return readFileSync(path.join(root, file), 'utf8');
}
