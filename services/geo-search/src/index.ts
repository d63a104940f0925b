// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { GeoSearchModule } from './geo-search.module';
export { readGeoSearchEnv } from './config/env';
export { KitFeedFollower } from './projection/kit-feed-follower';
export { decodeReply } from './domain/reply-frame';
export { KitProjection } from './projection/kit-projection';
export { SpatialIndex } from './spatial/spatial-index';
export { quantiseViewport } from './domain/viewport-cache-key';
