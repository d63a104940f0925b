import { CreateKits1763700100000 } from './1763700100000-create-kits';
import { ApprovedKitDownloads1763700200000 } from './1763700200000-approved-kit-downloads';
import { KitsLocationIndex1763700300000 } from './1763700300000-kits-location-index';
import { AmbulanceFeed1763800100000 } from './1763800100000-ambulance-feed';
import { KitIdempotencyKeys1763800400000 } from './1763800400000-kit-idempotency-keys';
import { KitAuditEntries1764900100000 } from './1764900100000-kit-audit-entries';
import { FeedPush1765000100000 } from './1765000100000-feed-push';
import { FeedPushTestEvent1765000200000 } from './1765000200000-feed-push-test-event';
import { KitAuditEntrySize1765000300000 } from './1765000300000-kit-audit-entry-size';
import { VerificationChecks1763800300000 } from './1763800300000-verification-checks';

// Migrations of the kits schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations = [
  CreateKits1763700100000,
  ApprovedKitDownloads1763700200000,
  KitsLocationIndex1763700300000,
  AmbulanceFeed1763800100000,
  VerificationChecks1763800300000,
  KitIdempotencyKeys1763800400000,
  KitAuditEntries1764900100000,
  FeedPush1765000100000,
  FeedPushTestEvent1765000200000,
  KitAuditEntrySize1765000300000,
];
