/**
 * How every NATS connection of the register behaves, whoever opens it (NatsBus, a service's listener, geo-search's
 * raw subscriptions): never give up reconnecting (the nats.js default stops after 10 tries), so a process started
 * before NATS, or across a NATS restart, recovers by itself; notice a dead server within ~10 s of pings.
 */
export const NATS_CONNECTION_POLICY = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 250,
  reconnectJitter: 100,
  waitOnFirstConnect: true,
  pingInterval: 5000,
  maxPingOut: 2,
} as const;

/**
 * The servers of NATS_URL: one URL, or a comma-separated list naming every server of a cluster (so a process
 * still connects when the one it would have tried first is down). Spaces around the commas are allowed.
 */
export function natsServers(natsUrl: string): string[] {
  const servers = natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (servers.length === 0) throw new Error('NATS_URL names no server: give one URL or a comma-separated list');
  return servers;
}
