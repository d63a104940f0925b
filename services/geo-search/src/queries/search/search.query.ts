import { Injectable } from '@nestjs/common';
import { FinderMessages } from '@bleedkits/contracts';
import { parseSearchQuery } from '@bleedkits/contracts';
import { errorReply, frameReply } from '../../domain/reply-frame';
import { PlaceResolver } from '../../geocoding/place-resolver';
import { SpatialIndex } from '../../spatial/spatial-index';
import { type SpatialLibraries, loadSpatialLibraries } from '../../spatial/spatial-libraries';
import { indexLoadingReply } from '../index-unavailable';
import { nearbyItems } from '../nearby/nearby.query';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * geo-search.qry.search.v1: geocodes the text (PlaceResolver's order) and answers the kits near the place, shaped
 * as nearby (an array of NearbyKit). The place itself travels in the reply's status line, and the gateway sets it
 * as the X-Search-Place header so the map can centre on it.
 */
@Injectable()
export class SearchQueryHandler {
  private libs: SpatialLibraries | null = null;

  constructor(private readonly index: SpatialIndex, private readonly places: PlaceResolver) {
    void loadSpatialLibraries().then((l) => (this.libs = l), () => undefined);
  }

  async handle(input: Record<string, unknown> | null): Promise<Buffer> {
    const parsed = parseSearchQuery(input);
    if (!parsed.ok) return errorReply(400, parsed.message);
    const snapshot = this.index.current();
    if (!snapshot || !this.libs) return indexLoadingReply();
    const { location, radius, limit } = parsed.value;
    const place = await this.places.resolve(location, snapshot.gazetteer);
    if (!place) return errorReply(404, FinderMessages.placeNotFound);
    // The index may have been swapped while a provider answered: use the newest.
    const current = this.index.current() ?? snapshot;
    const kits = nearbyItems(this.libs, current, { lat: place.lat, lng: place.lng, radius, limit });
    return frameReply(200, `[${kits.join(',')}]`, { place: { lat: round6(place.lat), lng: round6(place.lng), label: place.label, source: place.source } });
  }
}
