/**
 * NATS subjects: <context>.<cmd|qry|evt>.<name>.v<version>. Each context's subjects are declared beside their calls'
 * checks in contracts/src/wire/<context>.wire.ts (server side only); this file keeps what the web may read too.
 * Each service listens in a queue group named after its context (SERVICE_QUEUES) so replicas share the load.
 */
export const SERVICE_CONTEXTS = ['kits', 'geo-search', 'identity', 'verification', 'imports', 'notifications', 'backups'] as const;
export type ServiceContext = (typeof SERVICE_CONTEXTS)[number];

export const healthSubject = (context: ServiceContext) => `${context}.qry.health.v1` as const;

/** Every context's health subject, asked with `{}` by the probes and answered by the platform. */
export const HEALTH_SUBJECTS = Object.fromEntries(SERVICE_CONTEXTS.map((context) => [context, healthSubject(context)])) as Readonly<
  Record<ServiceContext, string>
>;
