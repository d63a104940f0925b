import type { FeedScope } from '@bleedkits/contracts';

/** How the trail names a feed client: its label, scope and key prefix (never the key). */
export const feedClientAuditLabel = (c: { label: string; scope: FeedScope; keyPrefix: string }) => `${c.label} (${c.scope}, ${c.keyPrefix}…)`;
