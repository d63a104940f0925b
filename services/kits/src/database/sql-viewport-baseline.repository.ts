import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PublicKit, ViewportQuery } from '@bleedkits/contracts';

/** The benchmark's baseline read: a plain bounding-box query on an index, no clustering, no cache. */
@Injectable()
export class SqlViewportBaselineRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  inBox(box: Pick<ViewportQuery, 'north' | 'south' | 'east' | 'west'>, limit: number): Promise<PublicKit[]> {
    return this.dataSource.query(
      `SELECT id::int AS id, location_name AS "locationName", location_type AS "locationType", latitude, longitude, availability,
              opening_hours AS "openingHours", what3words, address_line1 AS "addressLine1", city, postcode,
              detailed_location AS "detailedLocation", deployment_status AS "deploymentStatus"
         FROM kits.kits
        WHERE status = 'active' AND public_display AND latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4
        LIMIT $5`,
      [box.south, box.north, box.west, box.east, limit],
    );
  }
}
