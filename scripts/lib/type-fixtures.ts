import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Type-level fixtures: small files that must (or must not) compile, checked with the compiler itself so that a rule
 * enforced only by types (a handler typed from its wire declaration, an event or a job payload typed from its
 * contract) has a test that fails when the types stop enforcing it.
 *
 * A fixture folder holds a tsconfig.json (extending tsconfig.base.json: the repo's strict options and workspace
 * paths) and the fixture files; it sits under scripts/fixtures/, which no workspace build includes, so a fixture that
 * is meant not to compile never breaks `tsc` or the build.
 */

export type FixtureDiagnostic = { line: number; message: string };
export type ExpectedError = { line: number; messageIncludes: string };

/** One program per fixture folder, built once per test file: loading Nest's and the workspaces' types takes seconds. */
const programs = new Map<string, ts.Program>();

function programFor(file: string): ts.Program {
  const configFile = ts.findConfigFile(path.dirname(file), ts.sys.fileExists);
  if (!configFile) throw new Error(`No tsconfig.json above the type fixture ${file}`);
  let program = programs.get(configFile);
  if (!program) {
    const config = ts.getParsedCommandLineOfConfigFile(
      configFile,
      { noEmit: true },
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (!config) throw new Error(`Cannot read ${configFile}`);
    program = ts.createProgram(config.fileNames, config.options);
    programs.set(configFile, program);
  }
  if (!program.getSourceFile(file)) throw new Error(`${file} is not included by ${configFile}`);
  return program;
}

/** Every diagnostic (syntax, semantics, declarations) the compiler reports in `file`, with its 1-based line. */
export function compileDiagnostics(file: string): FixtureDiagnostic[] {
  const absolute = path.resolve(file);
  const program = programFor(absolute);
  const source = program.getSourceFile(absolute)!;
  return ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ({
      line: d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    }))
    .sort((a, b) => a.line - b.line);
}

/**
 * Asserts that `file` fails to compile on exactly the lines given and nowhere else, and that each line's diagnostics
 * include one whose message includes the text given (one wrong construct may cost a line two diagnostics). An empty
 * list asserts that the file compiles cleanly. Use inside a Jest test.
 */
export function expectCompileErrors(file: string, expected: ExpectedError[]): void {
  const actual = compileDiagnostics(file);
  const expectedLines = new Set(expected.map((e) => e.line));
  // What fails where nothing should, with its message; then what should fail but compiles.
  expect(actual.filter((d) => !expectedLines.has(d.line))).toEqual([]);
  expect([...expectedLines].filter((line) => !actual.some((d) => d.line === line)).sort((a, b) => a - b)).toEqual([]);
  for (const { line, messageIncludes } of expected) {
    expect({ line, messages: actual.filter((d) => d.line === line).map((d) => d.message) }).toEqual({
      line,
      messages: expect.arrayContaining([expect.stringContaining(messageIncludes)]),
    });
  }
}

/** The 1-based line of the one line of `file` that contains `text`, so a test names a line by what it says. */
export function lineOf(file: string, text: string): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found = lines.flatMap((line, i) => (line.includes(text) ? [i + 1] : []));
  if (found.length !== 1) throw new Error(`${JSON.stringify(text)} is on ${found.length} lines of ${file}, not one`);
  return found[0];
}
