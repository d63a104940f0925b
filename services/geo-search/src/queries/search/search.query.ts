import { Injectable } from '@nestjs/common';
import { CodedError, FinderMessages, parseSearchQuery } from '@bleedkits/contracts';
import { PlaceResolver } from '../../geocoding/place-resolver';
import { KitProjection } from '../../projection/kit-projection';
import { Answer } from '../answer';
import { indexLoading } from '../index-unavailable';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * geo-search.qry.search.v1: geocodes the text (PlaceResolver's order) and answers the kits near the place, shaped
 * as nearby (an array of NearbyKit). The place itself travels in the reply's meta, and the gateway sets it as the
 * X-Search-Place header so the map can centre on it.
 */
@Injectable()
export class SearchQueryHandler {
  constructor(
    private readonly projection: KitProjection,
    private readonly places: PlaceResolver,
  ) {}

  async handle(input: Record<string, unknown> | null): Promise<Answer> {
    const parsed = parseSearchQuery(input);
    if (!parsed.ok) throw CodedError.validation([parsed.message]);
    if (!this.projection.isReady) throw indexLoading();
    const { location, radius, limit } = parsed.value;
    const place = await this.places.resolve(location, this.projection.kits.gazetteer);
    if (!place) throw CodedError.notFound(FinderMessages.placeNotFound);
    // The kits as they are now (a change may have applied while a provider answered).
    const kits = this.projection.kits.nearby({ lat: place.lat, lng: place.lng, radius, limit });
    return Answer.json(kits, this.projection.tag, {
      place: { lat: round6(place.lat), lng: round6(place.lng), label: place.label, source: place.source },
    });
  }
}
