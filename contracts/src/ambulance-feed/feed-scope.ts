import { AMBULANCE_SERVICE_LABELS, AMBULANCE_SERVICES, type AmbulanceService } from '../enums/ambulance-service';

/** The charity's first-responder-app partner: every active public kit nationwide, never a cabinet code. */
export const RESPONDER_APP_SCOPE = 'responder_app';

/** The ambulance services a feed client can be scoped to ('unknown' is no control room). */
export const FEED_SERVICE_SCOPES = AMBULANCE_SERVICES.filter((s): s is Exclude<AmbulanceService, 'unknown'> => s !== 'unknown');
export type FeedServiceScope = (typeof FEED_SERVICE_SCOPES)[number];

/** What a feed client may read: one ambulance service (its active kits with cabinet codes) or the responder app. */
export const FEED_SCOPES = [...FEED_SERVICE_SCOPES, RESPONDER_APP_SCOPE] as const;
export type FeedScope = FeedServiceScope | typeof RESPONDER_APP_SCOPE;

export const FEED_SCOPE_LABELS: Readonly<Record<FeedScope, string>> = {
  ...(Object.fromEntries(FEED_SERVICE_SCOPES.map((s) => [s, AMBULANCE_SERVICE_LABELS[s]])) as Record<FeedServiceScope, string>),
  [RESPONDER_APP_SCOPE]: 'First-responder app (public kits, no codes)',
};

export function isFeedScope(value: unknown): value is FeedScope {
  return typeof value === 'string' && (FEED_SCOPES as readonly string[]).includes(value);
}

/** Only a control room (an ambulance-service scope) is given cabinet codes. */
export function scopeCarriesCabinetCodes(scope: FeedScope): scope is FeedServiceScope {
  return scope !== RESPONDER_APP_SCOPE;
}
