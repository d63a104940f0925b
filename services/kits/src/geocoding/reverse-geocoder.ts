import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type PostcodeLookup, postcodesIoFrom } from '@bleedkits/platform';
import { KITS_ENV, type KitsEnv } from '../config/env';

export type PlaceFromCoordinates = { postcode: string; city: string };

/** Port: an address for a position ('fix missing addresses'). */
export abstract class ReverseGeocoder {
  abstract lookup(latitude: number, longitude: number): Promise<PlaceFromCoordinates | null>;
}

/**
 * postcodes.io's nearest postcode to a position, over the register's one postcodes.io client (platform); the town is
 * its district, else its parish, else its region.
 */
export class PostcodesIoReverseGeocoder extends ReverseGeocoder {
  constructor(private readonly postcodes: PostcodeLookup) {
    super();
  }

  async lookup(latitude: number, longitude: number): Promise<PlaceFromCoordinates | null> {
    const hit = await this.postcodes.nearest(latitude, longitude);
    return hit ? { postcode: hit.postcode, city: hit.adminDistrict ?? hit.parish ?? hit.region ?? '' } : null;
  }
}

/** Offline: the register's own gazetteer, the nearest kit with a full address within 2 km. */
export class GazetteerReverseGeocoder extends ReverseGeocoder {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async lookup(latitude: number, longitude: number): Promise<PlaceFromCoordinates | null> {
    const [row] = await this.dataSource.query(
      `SELECT postcode, city FROM kits.kits
        WHERE postcode <> '' AND city <> '' AND latitude BETWEEN $1 - 0.02 AND $1 + 0.02 AND longitude BETWEEN $2 - 0.03 AND $2 + 0.03
        ORDER BY (latitude - $1) ^ 2 + ((longitude - $2) * cos(radians($1))) ^ 2 LIMIT 1`,
      [latitude, longitude],
    );
    return row ? { postcode: row.postcode, city: row.city } : null;
  }
}

/** postcodes.io when it answers (short timeout), the register's gazetteer otherwise. */
@Injectable()
export class FallbackReverseGeocoder extends ReverseGeocoder {
  private readonly logger = new Logger('ReverseGeocoder');
  private readonly remote: PostcodesIoReverseGeocoder | null;
  private readonly local: GazetteerReverseGeocoder;

  constructor(@Inject(KITS_ENV) env: KitsEnv, @InjectDataSource() dataSource: DataSource) {
    super();
    const postcodes = postcodesIoFrom(env);
    this.remote = postcodes ? new PostcodesIoReverseGeocoder(postcodes) : null;
    this.local = new GazetteerReverseGeocoder(dataSource);
  }

  async lookup(latitude: number, longitude: number): Promise<PlaceFromCoordinates | null> {
    if (this.remote) {
      try {
        const hit = await this.remote.lookup(latitude, longitude);
        if (hit) return hit;
      } catch (e) {
        this.logger.warn({ msg: 'postcodes.io unavailable; using the register gazetteer', error: (e as Error).message });
      }
    }
    return this.local.lookup(latitude, longitude);
  }
}
