import type { INestMicroservice } from '@nestjs/common';
import { GeoSearchModule, HotQueryServer, KitProjection, readGeoSearchEnv } from '@bleedkits/geo-search';
import { startTestService } from '@bleedkits/platform/testing';

/**
 * A geo-search replica in this process, returned once it answers: its projection has read the feed up to
 * `revision` and the NATS server holds its queue-group subscriptions. (A replica is ready a moment before it has
 * joined the group; a request in between rightly gets the gateway's 503, which a loaded CI run once did.)
 */
export async function startGeoReplica(
  natsUrl: string,
  env: Record<string, string> = {},
  { revision = 0, timeoutMs = 20_000 }: { revision?: number; timeoutMs?: number } = {},
): Promise<INestMicroservice> {
  const geo = await startTestService(
    'geo-search',
    GeoSearchModule.forRoot(
      readGeoSearchEnv({ NODE_ENV: 'test', NATS_URL: natsUrl, POSTCODES_IO_BASE_URL: 'off', GEO_PROJECTION_SNAPSHOT_BUCKET: 'off', ...env }),
    ),
    natsUrl,
  );
  const deadline = Date.now() + timeoutMs;
  const projection = geo.get(KitProjection);
  while (!projection.isReady || projection.revision < revision || !geo.get(HotQueryServer).isListening) {
    if (Date.now() > deadline) {
      await geo.close();
      throw new Error(`geo-search did not catch up to revision ${revision} and join its queue group within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return geo;
}
