import path from 'node:path';
import { expectCompileErrors, lineOf } from './lib/type-fixtures';

// One program compiles every type-level fixture (Nest's and the workspaces' types): seconds on two busy cores.
jest.setTimeout(180_000);

const fixture = (name: string) => path.join(__dirname, 'fixtures/type-level', name);
/** The line of a fixture's decorator marked `// fails: <why>`. */
const failing = (file: string, why: string) => lineOf(file, `// fails: ${why}`);

// Issue 23: a method that answers a subject takes its types from the wire declaration (@Handles, platform/src/nats/handles.ts),
// so a controller whose payload or answer disagrees with the declaration does not compile.
describe('@Handles(subject): a message controller typed from its wire declaration', () => {
  it('compiles controllers whose payload and answer agree with the declaration', () => {
    expectCompileErrors(fixture('handles/agrees.ts'), []);
  });

  it('fails a payload type that disagrees with the declaration, on the decorator of that method', () => {
    const file = fixture('handles/payload-disagrees.ts');
    expectCompileErrors(file, [
      { line: failing(file, 'asks for a field'), messageIncludes: "Property 'ownerId' is missing in type 'Asked<{ kit: KitRegistration; }>'" },
      { line: failing(file, 'a field of another type'), messageIncludes: "Types of property 'kitId' are incompatible" },
      { line: failing(file, 'requires a field the declaration leaves optional'), messageIncludes: "Types of property 'notes' are incompatible" },
      { line: failing(file, "another subject's request"), messageIncludes: "Property 'userId' is missing" },
      { line: failing(file, 'an any payload'), messageIncludes: 'the request parameter of a @Handles method must be typed' },
    ]);
  });

  it('fails an answer that disagrees with the declaration, and a subject off the typed wire', () => {
    const file = fixture('handles/answer-disagrees.ts');
    expectCompileErrors(file, [
      {
        line: failing(file, 'a list where one kit is declared'),
        messageIncludes: "Type 'Kit[]' is not assignable to type 'WireAnswer<\"kits.cmd.register.v1\">'",
      },
      { line: failing(file, "another subject's answer"), messageIncludes: "Type 'MessageResponse' is not assignable" },
      { line: failing(file, 'an any answer'), messageIncludes: 'a @Handles method must declare its answer' },
      { line: failing(file, 'a promise of any'), messageIncludes: 'a @Handles method must declare its answer' },
      { line: failing(file, 'a subject off the typed wire'), messageIncludes: 'Argument of type \'"kits.qry.health.v1"' },
    ]);
  });
});
