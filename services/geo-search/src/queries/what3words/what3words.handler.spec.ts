import { ErrorCode, FinderMessages } from '@bleedkits/contracts';
import { codedRefusal as refusal } from '@bleedkits/platform/testing';
import { What3wordsHandler } from './what3words.handler';
import type { What3wordsPort } from './what3words.port';

describe(What3wordsHandler.name, () => {
  const w3w = {
    toCoordinates: jest.fn(async (words: string) => ({ status: 'success' as const, words, latitude: 53.4808, longitude: -2.2426 })),
    toWords: jest.fn(async (lat: number, lng: number) => ({ status: 'success' as const, words: 'filled.count.soap', latitude: lat, longitude: lng })),
  };
  const handler = new What3wordsHandler(w3w as unknown as What3wordsPort);

  beforeEach(() => jest.clearAllMocks());

  it('passes trimmed words and parsed coordinates to what3words', async () => {
    await handler.toCoordinates({ words: '  filled.count.soap ' });
    expect(w3w.toCoordinates).toHaveBeenCalledWith('filled.count.soap');
    await handler.toWords({ lat: '53.4808', lng: -2.2426 });
    expect(w3w.toWords).toHaveBeenCalledWith(53.4808, -2.2426);
  });

  it('refuses empty, over-long or non-text words and unreadable coordinates without asking what3words', async () => {
    for (const req of [{ words: '   ' }, { words: 7 }, {}, null]) {
      expect(await refusal(handler.toCoordinates(req))).toMatchObject({ code: ErrorCode.ValidationFailed, errors: [FinderMessages.emptyWhat3words] });
    }
    expect((await refusal(handler.toCoordinates({ words: 'a'.repeat(101) }))).errors).toEqual(['words must be at most 100 characters.']);
    expect((await refusal(handler.toWords({ lat: 'north', lng: 0 }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await refusal(handler.toWords(null))).code).toBe(ErrorCode.ValidationFailed);
    expect(w3w.toCoordinates).not.toHaveBeenCalled();
    expect(w3w.toWords).not.toHaveBeenCalled();
  });
});
