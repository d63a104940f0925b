import { Injectable } from '@nestjs/common';
import { CodedError, parseNearbyQuery } from '@bleedkits/contracts';
import { KitProjection } from '../../projection/kit-projection';
import { Answer } from '../answer';
import { indexLoading } from '../index-unavailable';

/**
 * geo-search.qry.nearby.v1: public kits within `radius` km, nearest first (ties by id), at most `limit`, each with its
 * great-circle `distance` in km to 2 decimals (appended to the kit's pre-serialised JSON).
 */
@Injectable()
export class NearbyQueryHandler {
  constructor(private readonly projection: KitProjection) {}

  handle(input: Record<string, unknown> | null): Answer {
    const parsed = parseNearbyQuery(input);
    if (!parsed.ok) throw CodedError.validation([parsed.message]);
    if (!this.projection.isReady) throw indexLoading();
    return Answer.json(this.projection.kits.nearby(parsed.value), this.projection.tag);
  }
}
