import type { ServiceContext } from '../subjects';

/** `database: 'none'` for a context that keeps no database (geo-search). */
export type ServiceHealth = { service: ServiceContext; status: 'up'; uptimeSeconds: number; database: 'up' | 'down' | 'none'; version: string };

export type HealthReport = {
  status: 'up' | 'down';
  services: Record<ServiceContext, { status: 'up' | 'down'; latencyMs: number | null; error?: string }>;
};

/** Kit counts by owner (kits.qry.count-by-owner.v1). */
export type CountByOwnerRequest = { ownerIds: string[] };
export type CountByOwnerResponse = { counts: Record<string, number> };
