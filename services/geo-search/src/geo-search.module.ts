import { type DynamicModule, Module } from '@nestjs/common';
import { Clock, HealthModule, NatsBusModule, SystemClock, postcodesIoFrom, withWireListeners } from '@bleedkits/platform';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from './config/env';
import { GoogleGeocoder } from './geocoding/google.geocoder';
import type { GeocodingPort } from './geocoding/geocoding.port';
import { PlaceResolver } from './geocoding/place-resolver';
import { PostcodesIoGeocoder } from './geocoding/postcodes-io.geocoder';
import { KitFeedFollower } from './projection/kit-feed-follower';
import { KitProjection } from './projection/kit-projection';
import { ProjectionSnapshotStore } from './projection/snapshot-store';
import { NearbyQueryHandler } from './queries/nearby/nearby.query';
import { PublicSnapshotQueryHandler } from './queries/public-snapshot/public-snapshot.query';
import { SearchQueryHandler } from './queries/search/search.query';
import { ViewportQueryHandler } from './queries/viewport/viewport.query';
import { What3wordsApiAdapter } from './queries/what3words/what3words-api.adapter';
import { What3wordsHandler } from './queries/what3words/what3words.handler';
import { NoKeyWhat3words, What3wordsPort } from './queries/what3words/what3words.port';
import { GeoNatsConnection } from './transport/geo-nats-connection';
import { HotQueryServer } from './transport/hot-query-server';

/** The configured geocoding providers, in the order the search tries them after the gazetteer. */
export function geocodingProviders(env: GeoSearchEnv): GeocodingPort[] {
  const providers: GeocodingPort[] = [];
  const postcodes = postcodesIoFrom(env);
  if (postcodes) providers.push(new PostcodesIoGeocoder(postcodes));
  if (env.GOOGLE_GEOCODING_API_KEY)
    providers.push(new GoogleGeocoder(env.GOOGLE_GEOCODING_BASE_URL, env.GOOGLE_GEOCODING_API_KEY, env.GEOCODING_TIMEOUT_MS));
  return providers;
}

/** In-memory spatial index of public kits: viewport, nearby, search; what3words conversions. */
@Module({})
export class GeoSearchModule {
  static forRoot(env: GeoSearchEnv, options: { clock?: Clock } = {}): DynamicModule {
    return withWireListeners({
      module: GeoSearchModule,
      imports: [
        // No database: the projection lives in memory, its snapshot in the JetStream object store.
        NatsBusModule.forRoot({ servers: env.NATS_URL, name: `geo-search-client-${process.pid}`, requestTimeoutMs: env.NATS_REQUEST_TIMEOUT_MS }),
        HealthModule.forContext('geo-search'),
      ],
      providers: [
        { provide: GEO_SEARCH_ENV, useValue: env },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        GeoNatsConnection,
        What3wordsHandler,
        KitProjection,
        ProjectionSnapshotStore,
        KitFeedFollower,
        { provide: PlaceResolver, useFactory: () => new PlaceResolver(geocodingProviders(env)) },
        ViewportQueryHandler,
        NearbyQueryHandler,
        SearchQueryHandler,
        PublicSnapshotQueryHandler,
        HotQueryServer,
        {
          provide: What3wordsPort,
          useFactory: () =>
            env.W3W_API_KEY ? new What3wordsApiAdapter(env.W3W_BASE_URL, env.W3W_API_KEY, env.W3W_TIMEOUT_MS) : new NoKeyWhat3words(),
        },
      ],
    });
  }
}
