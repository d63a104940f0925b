import type {
  ApiErrorBody,
  ControlRoomKit,
  FeedGeoJson,
  FeedGeoJsonFeature,
  FeedWithdrawal,
  NearbyKit,
  PublicSnapshot,
  ViewportItem,
} from '@bleedkits/contracts';

/**
 * A feature as feedGeoJson (contracts) writes it: a kit's record without its coordinates (they are the geometry), or
 * a withdrawal with the reason in words. FeedGeoJsonFeature's `Omit<FeedRecord, …>` keeps only the keys both kinds of
 * record share, which is true but describes too little for a vendor to build against.
 */
type FeedGeoJsonFeatureAsWritten = Omit<FeedGeoJsonFeature, 'properties'> & {
  properties: Omit<ControlRoomKit, 'latitude' | 'longitude'> | (FeedWithdrawal & { reasonLabel: string });
};

/**
 * Contracts types described in /api/docs by name although no controller method returns them: the error body every
 * failing call answers, the answers of the finder's fast-path routes (finder-fast-path.ts), which bypass Nest, and
 * the ambulance feed's GeoJSON page (its JSON page is FeedPageModel, with examples). answer-schemas.generator.ts
 * turns each property into a component of that name.
 */
export type DescribedTypes = {
  ApiError: ApiErrorBody;
  FinderViewportAnswer: ViewportItem[];
  FinderNearbyAnswer: NearbyKit[];
  PublicSnapshot: PublicSnapshot;
  FeedGeoJson: Omit<FeedGeoJson, 'features'> & { features: FeedGeoJsonFeatureAsWritten[] };
};
