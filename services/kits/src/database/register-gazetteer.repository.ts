import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export type PostcodeCentre = { postcode: string; latitude: number; longitude: number };

/** The register's own gazetteer: where the kits registered at a postcode are (rejected kits do not count). */
@Injectable()
export class RegisterGazetteerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The centre of the kits at each of these postcodes, written without spaces; a postcode with none is absent. */
  async centresOf(compactPostcodes: string[]): Promise<PostcodeCentre[]> {
    const rows: { postcode: string; latitude: string | number; longitude: string | number }[] = await this.dataSource.query(
      `SELECT min(k.postcode) AS postcode, avg(k.latitude) AS latitude, avg(k.longitude) AS longitude
         FROM kits.kits k WHERE replace(k.postcode, ' ', '') = ANY($1::text[]) AND k.status <> 'rejected'
        GROUP BY replace(k.postcode, ' ', '')`,
      [compactPostcodes],
    );
    return rows.map((r) => ({ postcode: r.postcode, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
  }
}
