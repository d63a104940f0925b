import path from 'node:path';
import ts from 'typescript';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURE = path.join(__dirname, 'testing', 'typed-wire.fixture.ts');

/** Type-checks the fixture with the platform's compiler options, its text optionally changed first. */
function diagnosticsOf(edit: (text: string) => string = (t) => t): { line: number; message: string }[] {
  const configFile = path.join(ROOT, 'platform', 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const options = { ...config.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === FIXTURE ? ts.createSourceFile(file, edit(ts.sys.readFile(FIXTURE)!), language) : read(file, language, ...rest);
  const program = ts.createProgram([FIXTURE], options, host);
  const source = program.getSourceFile(FIXTURE)!;
  return ts.getPreEmitDiagnostics(program, source).map((d) => ({
    line: d.start === undefined ? -1 : source.getLineAndCharacterOfPosition(d.start).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

/** Lines (1-based) of the fixture's calls that are expected not to compile. */
const expectedErrorLines = () =>
  ts.sys
    .readFile(FIXTURE)!
    .split('\n')
    .flatMap((line, i) => (line.trim().startsWith('// @ts-expect-error') ? [i + 2] : []));

describe('the typed wire (contracts/src/wire) through NatsBus.request', () => {
  it('compiles the right payloads and answers, and every wrong one is expected to fail', () => {
    expect(diagnosticsOf()).toEqual([]);
  });

  it('without the expectations, each wrong payload or answer is a compile error on its own line, and nothing else is', () => {
    const lines = expectedErrorLines();
    expect(lines.length).toBe(6);
    const errors = diagnosticsOf((text) => text.replace(/\/\/ @ts-expect-error/g, '//'));
    expect([...new Set(errors.map((e) => e.line))].sort((a, b) => a - b)).toEqual(lines);
  });
});
