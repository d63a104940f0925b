import { boundedJsonArray } from './bounded-part';

const parse = (part: { json: Buffer }) => JSON.parse(part.json.toString('utf8')) as unknown[];

describe(boundedJsonArray.name, () => {
  it('writes every item as one JSON array when the budget allows', () => {
    const items = [{ a: 1 }, { b: 'Ynys Môn' }, { c: [1, 2] }];
    const part = boundedJsonArray(items, (i) => JSON.stringify(i), 1000);
    expect(part.count).toBe(3);
    expect(parse(part)).toEqual(items);
  });

  it('writes an empty array for no items', () => {
    const part = boundedJsonArray([], (i) => JSON.stringify(i), 1000);
    expect(part).toEqual({ json: Buffer.from('[]'), count: 0 });
  });

  it('stops before the item that would take the array over the budget, counting UTF-8 bytes', () => {
    // 'ŵ' is two bytes in UTF-8: ten names of 100 of them are 2,000+ bytes, though only 1,000+ characters.
    const items = Array.from({ length: 10 }, (_, i) => ({ i, name: 'ŵ'.repeat(100) }));
    const part = boundedJsonArray(items, (i) => JSON.stringify(i), 1000);
    expect(part.json.byteLength).toBeLessThanOrEqual(1000);
    expect(part.count).toBe(4);
    expect(parse(part)).toEqual(items.slice(0, 4));
  });

  it('keeps one item however large, so a part always moves its cursor', () => {
    const items = [{ big: 'x'.repeat(5000) }, { small: 1 }];
    const part = boundedJsonArray(items, (i) => JSON.stringify(i), 1000);
    expect(part.count).toBe(1);
    expect(parse(part)).toEqual([items[0]]);
  });

  it('grows its buffer for many items up to the budget', () => {
    const items = Array.from({ length: 4000 }, (_, i) => ({ id: i, text: 'kit '.repeat(50) }));
    const part = boundedJsonArray(items, (i) => JSON.stringify(i), 700_000);
    const kept = parse(part);
    expect(part.count).toBeLessThan(items.length);
    expect(kept).toEqual(items.slice(0, part.count));
    expect(part.json.byteLength).toBeLessThanOrEqual(700_000);
    expect(part.json.byteLength + JSON.stringify(items[part.count]).length + 1).toBeGreaterThan(700_000);
  });
});
