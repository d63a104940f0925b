import { Injectable } from '@nestjs/common';
import { type CoordinatesToWhat3words, FinderMessages, type What3wordsToCoordinates, parseCoordinates } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { Handles, ServiceError } from '@bleedkits/platform';
import { What3wordsPort } from './what3words.port';

/** The longest three-word address asked for: anything longer is not one, and is not sent to what3words. */
export const W3W_MAX_WORDS_LENGTH = 100;

/** what3words conversions: not hot, so plain request/reply, with coded errors for input what3words could not take. */
@Injectable()
export class What3wordsHandler {
  constructor(private readonly w3w: What3wordsPort) {}

  @Handles(GeoSearchSubjects.what3wordsToCoordinates)
  async toCoordinates(req: { words?: unknown } | null): Promise<What3wordsToCoordinates> {
    const words = typeof req?.words === 'string' ? req.words.trim() : '';
    if (!words) throw ServiceError.validation([FinderMessages.emptyWhat3words]);
    if (words.length > W3W_MAX_WORDS_LENGTH) throw ServiceError.validation([`words must be at most ${W3W_MAX_WORDS_LENGTH} characters.`]);
    return this.w3w.toCoordinates(words);
  }

  @Handles(GeoSearchSubjects.coordinatesToWhat3words)
  async toWords(req: Record<string, unknown> | null): Promise<CoordinatesToWhat3words> {
    const parsed = parseCoordinates(req);
    if (!parsed.ok) throw ServiceError.validation([parsed.message]);
    return this.w3w.toWords(parsed.value.lat, parsed.value.lng);
  }
}
