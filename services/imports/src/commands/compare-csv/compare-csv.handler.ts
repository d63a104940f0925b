import { Injectable } from '@nestjs/common';
import { type CompareCsvRowsRequest, type CompareCsvRowsResponse, ComparisonMessages, MATCH_KEYS_MAX, assertAdmin } from '@bleedkits/contracts';
import { ImportsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { KitIndex, comparisonKit, comparisonRow, differencesOf, rowLocation, rowLocationKey, rowSerialKey } from '../../domain/comparison';
import { KitsClient } from '../../kits/kits.client';

/** Rows per request: each brings at most a serial and a location key to match. */
const MAX_ROWS = MATCH_KEYS_MAX / 2;

/**
 * imports.qry.compare-csv-rows.v1 (admins): a part of an uploaded file compared with the register. Each row is
 * matched by serial number, else by location name + postcode (docs/decisions.md); a matched row lists the fields
 * whose value differs, an unmatched one is a possible new kit. Nothing is written.
 */
@Injectable()
export class CompareCsvHandler {
  constructor(private readonly kits: KitsClient) {}

  @Handles(ImportsSubjects.compareCsvRows)
  async execute({ actor, rows }: CompareCsvRowsRequest): Promise<CompareCsvRowsResponse> {
    assertAdmin(actor);
    if (!Array.isArray(rows) || rows.length === 0) throw ServiceError.validation([ComparisonMessages.noRows]);
    if (rows.length > MAX_ROWS) throw ServiceError.validation([`At most ${MAX_ROWS} rows per comparison request`]);
    if (rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) throw ServiceError.validation([ComparisonMessages.unparseable]);
    const normalised = rows.map((r) => comparisonRow(r));
    const { kits } = await this.kits.match({
      actor,
      serialNumbers: normalised.map(rowSerialKey).filter(Boolean),
      locations: normalised.filter((r) => rowLocationKey(r)).map(rowLocation),
    });
    const index = new KitIndex(kits);
    const out: CompareCsvRowsResponse = { matched: [], unmatched_csv: [] };
    for (const row of normalised) {
      const hit = index.match(row);
      if (!hit) out.unmatched_csv.push({ csv_data: row });
      else out.matched.push({ csv_data: row, db_data: comparisonKit(hit.kit), match_type: hit.type, differences: differencesOf(row, hit.kit) });
    }
    return out;
  }
}
