import {
  type ApiErrorBody,
  allDayAvailability,
  type ControlRoomKit,
  type CreateFeedClientRequest,
  type CreateFeedClientResponse,
  FeedClientMessages,
  type FeedPushLogResponse,
  FeedPushMessages,
  KitMessages,
  type FeedWithdrawal,
  type Kit,
  type KitCluster,
  type KitRegistration,
  type NearbyKit,
  type PublicKit,
  type SetFeedPushResponse,
} from '@bleedkits/contracts';

/**
 * Examples for /api/docs: typed by the contracts types the routes take and answer (so tsc catches a renamed field),
 * validated against the description's own schemas in api-description.e2e-spec.ts (so an example cannot drift from
 * what the description allows), and the register and feed-client ones sent to the register in examples.e2e-spec.ts
 * (so they are what it takes and answers). One register throughout: kit 4182 at Altrincham, in the North West.
 */
export type OperationExamples = {
  /** The JSON request body. */
  request?: unknown;
  /** By status: the JSON answer. */
  answers?: Record<string, unknown>;
};

/** A locked cabinet is open all day: the kits context stores that schedule whatever the form sent. */
const ALL_DAY = JSON.stringify(allDayAvailability());

const registration = {
  serialNumber: 'DBF-2025-0418',
  make: 'daniel_baird_foundation',
  locationType: 'locked_cabinet',
  cabinetCode: 'C1234',
  locationName: 'Village Hall',
  addressLine1: '1 Church Lane',
  city: 'Altrincham',
  postcode: 'WA15 8FH',
  latitude: '53.384092',
  longitude: '-2.337856',
  what3words: 'index.home.raft',
  detailedLocation: 'On the wall left of the main door',
  openingHours: '24/7',
  purchaseDate: '2025-01-10',
  expiryDate: '2028-01-10',
  custodianName: 'Sam Patel',
  custodianPhone: '07700 900123',
  custodianEmail: 'sam.patel@example.org',
  publicDisplay: true,
} satisfies KitRegistration;

const registered = {
  id: 4182,
  serialNumber: registration.serialNumber,
  make: registration.make,
  otherMake: null,
  locationType: 'locked_cabinet',
  cabinetCode: registration.cabinetCode,
  locationName: registration.locationName,
  addressLine1: registration.addressLine1,
  addressLine2: null,
  city: registration.city,
  postcode: registration.postcode,
  latitude: 53.384092,
  longitude: -2.337856,
  what3words: registration.what3words,
  detailedLocation: registration.detailedLocation,
  openingHours: '24/7',
  availability: ALL_DAY,
  purchaseDate: registration.purchaseDate,
  expiryDate: registration.expiryDate,
  custodianName: registration.custodianName,
  custodianPhone: registration.custodianPhone,
  custodianEmail: registration.custodianEmail,
  ambulanceService: 'north_west',
  publicDisplay: true,
  manuallyChecked: false,
  userId: '6f1c2d3e-4b5a-4c7d-9e8f-0a1b2c3d4e5f',
  userEmail: 'sam.patel@example.org',
  status: 'pending',
  createdAt: '2026-11-20T10:15:00.000Z',
  updatedAt: '2026-11-20T10:15:00.000Z',
  approvedAt: null,
  lastVerifiedAt: null,
  nextVerificationDue: '2027-05-20',
  verificationStatus: 'never_verified',
  deploymentStatus: 'available',
  deploymentNotes: null,
  deploymentHistory: [],
  revision: 90812,
} satisfies Kit;

const publicKit = {
  id: 4182,
  locationName: 'Village Hall',
  locationType: 'locked_cabinet',
  latitude: 53.384092,
  longitude: -2.337856,
  availability: ALL_DAY,
  openingHours: '24/7',
  what3words: 'index.home.raft',
  addressLine1: '1 Church Lane',
  city: 'Altrincham',
  postcode: 'WA15 8FH',
  detailedLocation: 'On the wall left of the main door',
  deploymentStatus: 'available',
  verificationStatus: 'verified',
} satisfies PublicKit;

const cluster = { isCluster: true, id: 'c:12:2041:1318', count: 37, latitude: 53.4251, longitude: -2.3187 } satisfies KitCluster;

const nearby = [
  { ...publicKit, distance: 0.42 },
  {
    ...publicKit,
    id: 4190,
    locationName: 'Altrincham Station',
    locationType: 'unlocked_cabinet',
    latitude: 53.387667,
    longitude: -2.347222,
    addressLine1: 'Stamford New Road',
    postcode: 'WA14 1EP',
    detailedLocation: null,
    what3words: null,
    deploymentStatus: 'deployed',
    verificationStatus: 'due_soon',
    distance: 1.37,
  },
] satisfies NearbyKit[];

const controlRoomKit = {
  id: 4182,
  reference: 'BCK-4182',
  revision: 90812,
  withdrawn: false,
  locationName: 'Village Hall',
  addressLine1: '1 Church Lane',
  addressLine2: null,
  city: 'Altrincham',
  postcode: 'WA15 8FH',
  latitude: 53.384092,
  longitude: -2.337856,
  what3words: 'index.home.raft',
  detailedLocation: 'On the wall left of the main door',
  locationType: 'locked_cabinet',
  locationTypeLabel: 'Locked Cabinet',
  openingHours: '24/7',
  schedule: allDayAvailability(),
  cabinetCode: 'C1234',
  ambulanceService: 'north_west',
  shownOnPublicMap: true,
  deploymentStatus: 'available',
  lastVerifiedDate: '2026-05-01',
  expiryDate: '2028-01-10',
  updatedAt: '2026-11-20T10:15:00.000Z',
} satisfies ControlRoomKit;

const withdrawal = { id: 3975, reference: 'BCK-3975', revision: 90850, withdrawn: true, reason: 'moved_to_another_service' } satisfies FeedWithdrawal;

const feedClient = { scope: 'north_west', label: 'NWAS control room CAD' } satisfies CreateFeedClientRequest;

const subscription = {
  clientId: '0b8e7c1a-2f4d-4e6b-9a3c-5d7e9f1a2b3c',
  url: 'https://cad.nwas.example/bleedkits/feed',
  state: 'active',
  deliveredCursor: '0',
  deliveredAt: null,
  lagRecords: 0,
  lagSeconds: 0,
  failedAttempts: 0,
  failingSince: null,
  nextAttemptAt: null,
  lastError: null,
  pausedAt: null,
  previousSecretValidUntil: null,
  createdAt: '2026-11-20T10:20:00.000Z',
} satisfies SetFeedPushResponse['subscription'];

/** The error body every failing call answers: a validation refusal lists every problem at once. */
export const ERROR_EXAMPLES = [
  { message: `${KitMessages.postcode} ${KitMessages.custodianPhone}`, errors: [KitMessages.postcode, KitMessages.custodianPhone] },
  { message: 'Internal server error', errorId: 'e3b0c442-98fc-4c1d-9a8e-2f1b4c6d8e0a' },
] satisfies ApiErrorBody[];

/** The registration the first error example answers (examples.e2e-spec.ts sends it). */
export const INVALID_REGISTRATION = { ...registration, postcode: 'W', custodianPhone: '0770' } satisfies KitRegistration;

/** By operationId (@nestjs/swagger's `<Controller>_<method>`, or the finder fast path's own). */
export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExamples>> = {
  KitsController_register: { request: registration, answers: { '201': registered, '400': ERROR_EXAMPLES[0] } },
  FinderFastPath_viewport: { answers: { '200': [publicKit, cluster] satisfies (PublicKit | KitCluster)[] } },
  FinderFastPath_nearby: { answers: { '200': nearby } },
  AmbulanceFeedController_kits: {
    answers: { '200': { records: [controlRoomKit, withdrawal], nextCursor: '90850', hasMore: false } },
  },
  FeedClientsController_create: {
    request: feedClient,
    answers: {
      '201': {
        client: {
          id: subscription.clientId,
          label: feedClient.label,
          scope: 'north_west',
          keyPrefix: 'bkf_x7Qa2z',
          createdAt: '2026-11-20T10:18:00.000Z',
          lastUsedAt: null,
          revokedAt: null,
        },
        key: 'bkf_x7Qa2zR4mN8pL1vK6sT3wY9bC5dF0gH2',
        message: FeedClientMessages.created,
      } satisfies CreateFeedClientResponse,
    },
  },
  FeedPushController_set: {
    request: { url: subscription.url },
    answers: {
      '200': {
        subscription,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        message: FeedPushMessages.created,
      } satisfies SetFeedPushResponse,
    },
  },
  FeedPushController_deliveries: {
    answers: {
      '200': {
        data: [
          {
            id: 2,
            messageId: 'msg_90850_2',
            type: 'ambulance-feed.records',
            afterCursor: '90812',
            nextCursor: '90850',
            records: 2,
            outcome: 'delivered',
            httpStatus: 204,
            error: null,
            attemptedAt: '2026-11-20T10:31:02.000Z',
            durationMs: 143,
          },
          {
            id: 1,
            messageId: 'msg_90850_2',
            type: 'ambulance-feed.records',
            afterCursor: '90812',
            nextCursor: '90850',
            records: 2,
            outcome: 'failed',
            httpStatus: 503,
            error: 'the receiver answered 503',
            attemptedAt: '2026-11-20T10:31:00.000Z',
            durationMs: 212,
          },
        ],
        pagination: { total: 2, page: 1, pageSize: 25, pageCount: 1 },
      } satisfies FeedPushLogResponse,
    },
  },
};
