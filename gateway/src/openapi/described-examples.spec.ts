import { ApiDescription } from '../../test/described-answers';

type Examples = { id: unknown; answer: unknown; batch: unknown; noteType: string; errors: unknown[] };

/** The example check of api-description.e2e-spec.ts, on a small description with one drift of each kind. */
describe('ApiDescription.exampleProblems', () => {
  const doc = (e: Examples) => ({
    openapi: '3.1.0',
    paths: {
      '/api/kits/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'number' }, example: e.id }],
          responses: {
            '200': { description: 'the kit', content: { 'application/json': { schema: { $ref: '#/components/schemas/Kit' }, example: e.answer } } },
          },
        },
      },
    },
    webhooks: {
      batch: {
        post: {
          requestBody: {
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Kit' } }, examples: { one: { value: e.batch } } },
            },
          },
          responses: { '2XX': { description: 'taken' } },
        },
      },
    },
    components: {
      schemas: {
        Kit: { type: 'object', properties: { id: { type: 'number' }, note: { type: e.noteType, example: 'Code given at 14:05' } }, required: ['id'] },
        Error: { type: 'object', properties: { message: { type: 'string' } }, examples: e.errors },
      },
    },
  });

  it('finds each example that its schema does not allow, and says where it is', () => {
    const { count, problems } = ApiDescription.of(
      doc({ id: 'BCK-1', answer: { id: 1, colour: 'green' }, batch: [{ id: '2' }], noteType: 'object', errors: [{ message: 'no' }, { message: 1 }] }),
    ).exampleProblems();
    expect(count).toBe(6);
    expect(problems).toEqual([
      expect.stringMatching(/^paths › \/api\/kits\/\{id\} › get › parameters › 0 › example: \(example\) must be number/),
      // As strict as the answer check: a property the schema does not name is a drift.
      expect.stringMatching(/^paths › .* › 200 › content › application\/json › example: \(example\) must NOT have unevaluated properties .*colour/),
      expect.stringMatching(/^webhooks › batch › post › requestBody › content › application\/json › examples › one › value: \/0\/id must be number/),
      expect.stringMatching(/^components › schemas › Kit › properties › note › example: \(example\) must be object/),
      expect.stringMatching(/^components › schemas › Error › examples › 1: \/message must be string/),
    ]);
  });

  it('passes examples that match', () => {
    const good = doc({ id: 4182, answer: { id: 1 }, batch: [{ id: 2, note: 'at the door' }], noteType: 'string', errors: [{ message: 'no' }] });
    expect(ApiDescription.of(good).exampleProblems()).toEqual({ count: 5, problems: [] });
  });
});
