// What other workspaces' tests may import to boot this context in-process (the gateway's e2e harness).
export { GeoSearchModule } from './geo-search.module';
export { readGeoSearchEnv } from './config/env';
export { KitFeedFollower } from './projection/kit-feed-follower';
export { KitProjection } from './projection/kit-projection';
export { ProjectionSnapshotStore } from './projection/snapshot-store';
export { PublicKitIndex } from './spatial/public-kit-index';
export { SNAPSHOT_BEING_MADE_MESSAGE } from './queries/index-unavailable';
export { HotQueryServer } from './transport/hot-query-server';
export { decodeReply } from './transport/reply-frame';
