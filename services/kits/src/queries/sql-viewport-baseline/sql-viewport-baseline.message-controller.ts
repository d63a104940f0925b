import { Controller } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { DataSource } from 'typeorm';
import { KitsSubjects, type PublicKit, type ViewportQuery } from '@bleedkits/contracts';

/**
 * The benchmark's baseline: the viewport answered by a plain bounding-box SQL query on an index, no clustering,
 * no cache, through the ordinary Nest request/reply. It exists so the geo-search speed-up is measured, not assumed.
 */
@Controller()
export class SqlViewportBaselineMessageController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @MessagePattern(KitsSubjects.sqlViewportBaseline)
  async handle(@Payload() q: ViewportQuery): Promise<PublicKit[]> {
    return this.dataSource.query(
      `SELECT id::int AS id, location_name AS "locationName", location_type AS "locationType", latitude, longitude, availability,
              opening_hours AS "openingHours", what3words, address_line1 AS "addressLine1", city, postcode,
              detailed_location AS "detailedLocation", deployment_status AS "deploymentStatus"
         FROM kits.kits
        WHERE status = 'active' AND public_display AND latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4
        LIMIT $5`,
      [q.south, q.north, q.west, q.east, Math.min(1000, q.limit || 1000)],
    );
  }
}
