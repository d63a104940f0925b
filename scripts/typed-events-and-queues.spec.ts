import path from 'node:path';
import { expectCompileErrors, lineOf } from './lib/type-fixtures';

// One program compiles every type-level fixture (Nest's and the workspaces' types): seconds on two busy cores.
jest.setTimeout(180_000);

const fixture = (name: string) => path.join(__dirname, 'fixtures/type-level/events-and-queues', name);
/** The line of a fixture marked `// fails: <why>`. */
const failing = (file: string, why: string) => lineOf(file, `// fails: ${why}`);

// Issue 23: events and job payloads take their types from their declarations (contracts' Events and
// QueueJobPayloads), so an emit or a queue add with the wrong payload does not compile.
describe('typed events (NatsBus.publishEvent / subscribeEvent) and typed queues (TypedQueue, upsertSchedule, QueueWorker)', () => {
  it('compiles events, jobs, schedules and workers that agree with their declarations', () => {
    expectCompileErrors(fixture('agrees.ts'), []);
  });

  it('fails an event published or heard with a payload its declaration does not describe, and a subject that is no event', () => {
    const file = fixture('wrong-payloads.ts');
    expectCompileErrors(file, [
      { line: failing(file, 'a revision that is not a number'), messageIncludes: "Type 'string' is not assignable to type 'number'" },
      { line: failing(file, "another event's payload"), messageIncludes: "'tag' does not exist in type 'KitChangedHint'" },
      { line: failing(file, 'a payload without its required field'), messageIncludes: "Property 'tag' is missing" },
      { line: failing(file, 'a subject that is no declared event'), messageIncludes: 'Argument of type \'"kits.cmd.register.v1"\'' },
      { line: failing(file, "a handler of another event's payload"), messageIncludes: "Property 'tag' is missing in type 'KitChangedHint'" },
      { line: failing(file, "another queue's payload"), messageIncludes: "'outboxId' does not exist in type 'FeedPushJob'" },
      { line: failing(file, 'an id of the wrong type'), messageIncludes: "Type 'number' is not assignable to type 'string'" },
      { line: failing(file, 'a job name the queue does not declare'), messageIncludes: 'Argument of type \'"apply"\'' },
      {
        line: failing(file, "another job's payload under this name"),
        messageIncludes: 'Type \'"admin-digest"\' is not assignable to type \'"reminder-run"\'',
      },
      { line: failing(file, 'a scheduled job of another queue'), messageIncludes: 'Type \'"sweep"\' is not assignable to type \'"deliver"\'' },
      { line: failing(file, "a field of another job's payload"), messageIncludes: "Property 'kind' does not exist on type 'CloudCopyJob'" },
    ]);
  });
});
