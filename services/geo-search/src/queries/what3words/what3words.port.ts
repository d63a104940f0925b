import type { CoordinatesToWhat3words, What3wordsToCoordinates } from '@bleedkits/contracts';

/** Port: what3words conversions, answered in the spec's shapes (never throws). */
export abstract class What3wordsPort {
  abstract toCoordinates(words: string): Promise<What3wordsToCoordinates>;
  abstract toWords(lat: number, lng: number): Promise<CoordinatesToWhat3words>;
}

export const W3W_NO_KEY_MESSAGE = 'what3words is not configured on this server.';
export const W3W_UNAVAILABLE_MESSAGE = 'The what3words service is temporarily unavailable.';

/** The offline default: no key configured. */
export class NoKeyWhat3words extends What3wordsPort {
  async toCoordinates(): Promise<What3wordsToCoordinates> {
    return { status: 'no_api_key', message: W3W_NO_KEY_MESSAGE };
  }
  async toWords(): Promise<CoordinatesToWhat3words> {
    return { status: 'no_api_key', message: W3W_NO_KEY_MESSAGE };
  }
}
