import { Injectable } from '@nestjs/common';
import {
  MATCHES_PER_KEY_MAX,
  MATCH_KEYS_MAX,
  type MatchKitsRequest,
  type MatchKitsResponse,
  type MatchableKit,
  locationMatchKey,
  serialMatchKey,
  assertAdmin,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { ServiceError, Handles } from '@bleedkits/platform';
import { ComparisonCandidatesRepository } from '../../database/comparison-candidates.repository';

/**
 * kits.qry.match-for-comparison.v1 (admins): the kits the CSV comparison may match, by serial number or by location
 * name and postcode, at most a few per key (the oldest first) so a shared serial cannot flood the answer.
 */
@Injectable()
export class MatchForComparisonHandler {
  constructor(private readonly candidates: ComparisonCandidatesRepository) {}

  @Handles(KitsSubjects.matchForComparison)
  async execute(req: MatchKitsRequest): Promise<MatchKitsResponse> {
    assertAdmin(req?.actor);
    const serials = [...new Set((req.serialNumbers ?? []).map(serialMatchKey).filter(Boolean))];
    const locations = [...new Set((req.locations ?? []).map((l) => locationMatchKey(l?.locationName, l?.postcode)).filter(Boolean))];
    if (serials.length + locations.length > MATCH_KEYS_MAX) throw ServiceError.validation([`At most ${MATCH_KEYS_MAX} keys per request`]);
    const pairs = locations.map((key) => {
      const [name, postcode] = key.split('|');
      return { name, postcode };
    });
    const byId = new Map<number, MatchableKit>();
    for (const kit of await this.candidates.byKeys(serials, pairs, MATCHES_PER_KEY_MAX)) byId.set(kit.id, kit);
    return { kits: [...byId.values()].sort((a, b) => a.id - b.id) };
  }
}
