import { z } from 'zod';
import type { CoordinatesToWhat3words, What3wordsToCoordinates } from '../finder/finder';
import { GeoSearchSubjects } from '../subjects';
import { call, shape } from './call';

/**
 * The geo-search subjects that answer in Nest's envelope: the what3words conversions. The words and coordinates are
 * checked by the handler with the finder's messages. (The hot queries and the snapshot answer raw bytes: index.ts.)
 */
export const GeoSearchWire = {
  [GeoSearchSubjects.what3wordsToCoordinates]: call<{ words: string }, What3wordsToCoordinates>(shape({ words: z.unknown() })),
  [GeoSearchSubjects.coordinatesToWhat3words]: call<{ lat: number; lng: number }, CoordinatesToWhat3words>(
    shape({ lat: z.unknown(), lng: z.unknown() }),
  ),
} as const;
