import path from 'node:path';
import ts from 'typescript';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../../..');
const FIXTURE = path.join(__dirname, 'testing', 'typed-wire.fixture.ts');

/** Type-checks the fixture with the platform's compiler options. */
function diagnosticsOf(): { line: number; message: string }[] {
  const configFile = path.join(ROOT, 'platform', 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram([FIXTURE], { ...config.options, noEmit: true });
  const source = program.getSourceFile(FIXTURE)!;
  return ts.getPreEmitDiagnostics(program, source).map((d) => ({
    line: d.start === undefined ? -1 : source.getLineAndCharacterOfPosition(d.start).line + 1,
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  }));
}

describe('the typed wire (contracts/src/wire) through NatsBus.request', () => {
  // An unused `@ts-expect-error` is itself an error, so no diagnostic at all means: each wrong payload or answer
  // fails to compile on its own line, and every right one compiles. (Compiling the text again without the
  // expectations shows the same lines, at four times the cost.)
  it('compiles the right payloads and answers, and each of the six wrong ones is a compile error on its own line', () => {
    const expected = ts.sys
      .readFile(FIXTURE)!
      .split('\n')
      .filter((line) => line.trim().startsWith('// @ts-expect-error'));
    expect(expected).toHaveLength(6);
    expect(diagnosticsOf()).toEqual([]);
  });
});
