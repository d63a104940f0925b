import type { ApiErrorBody, FeedGeoJson, NearbyKit, PublicSnapshot, ViewportItem } from '@bleedkits/contracts';

/**
 * Contracts types described in /api/docs by name although no controller method returns them: the error body every
 * failing call answers, and the answers of the finder's fast-path routes (finder-fast-path.ts), which bypass Nest, and the ambulance feed's
 * GeoJSON page (its JSON page is FeedPageModel, with examples).
 * answer-schemas.generator.ts turns each property into a component of that name.
 */
export type DescribedTypes = {
  ApiError: ApiErrorBody;
  FinderViewportAnswer: ViewportItem[];
  FinderNearbyAnswer: NearbyKit[];
  PublicSnapshot: PublicSnapshot;
  FeedGeoJson: FeedGeoJson;
};
