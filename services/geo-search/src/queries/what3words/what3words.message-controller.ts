import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type CoordinatesToWhat3words, FinderMessages, type What3wordsToCoordinates } from '@bleedkits/contracts';
import { GeoSearchSubjects } from '@bleedkits/contracts/wire';
import { Handles, ServiceError } from '@bleedkits/platform';
import { parseCoordinates } from '@bleedkits/contracts';
import { What3wordsPort } from './what3words.port';

/** what3words conversions: not hot, so plain Nest request/reply with coded errors for bad input. */
@Controller()
export class What3wordsMessageController {
  constructor(private readonly w3w: What3wordsPort) {}

  @Handles(GeoSearchSubjects.what3wordsToCoordinates)
  toCoordinates(@Payload() req: { words?: unknown } | null): Promise<What3wordsToCoordinates> {
    const words = typeof req?.words === 'string' ? req.words.trim() : '';
    if (!words) throw ServiceError.validation([FinderMessages.emptyWhat3words]);
    if (words.length > 100) throw ServiceError.validation(['words must be at most 100 characters.']);
    return this.w3w.toCoordinates(words);
  }

  @Handles(GeoSearchSubjects.coordinatesToWhat3words)
  toWords(@Payload() req: Record<string, unknown> | null): Promise<CoordinatesToWhat3words> {
    const parsed = parseCoordinates(req);
    if (!parsed.ok) throw ServiceError.validation([parsed.message]);
    return this.w3w.toWords(parsed.value.lat, parsed.value.lng);
  }
}
