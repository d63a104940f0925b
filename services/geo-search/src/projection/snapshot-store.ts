import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type NatsConnection, type ObjectInfo, type ObjectStore, StorageType } from 'nats';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../config/env';
import { GeoNatsConnection } from '../transport/geo-nats-connection';
import { KitProjection } from './kit-projection';
import { ObjectReplacedError, objectChunks, purgeAbandonedChunks, putObject } from './object-chunks';
import { SNAPSHOT_FORMAT, type SnapshotHeader, SnapshotDecoder, encodeSnapshot, snapshotHeader } from './snapshot-format';

/** The one object of the bucket: the latest snapshot of the public projection. */
export const SNAPSHOT_OBJECT = 'public-projection';
/** Fewer, larger pieces of the unzipped snapshot than zlib's 16 KB: less hand-over between zlib's thread and ours. */
const GUNZIP_CHUNK_BYTES = 256 * 1024;

export type RestoreOutcome =
  | { from: 'snapshot'; revision: number; kits: number; ms: number }
  | { from: 'feed'; reason: 'off' | 'missing' | 'stale' | 'corrupt' | 'unavailable'; detail?: string };

/** The header of the stored snapshot `info` describes when it is one of this format (null: none usable). */
function usableHeader(info: ObjectInfo | null): SnapshotHeader | null {
  const header = info && !info.deleted ? headerOf(info.description) : null;
  return header?.format === SNAPSHOT_FORMAT ? header : null;
}

/** The revision of the usable stored snapshot `info` describes; -1 when there is none. */
const storedRevision = (info: ObjectInfo | null): number => usableHeader(info)?.revision ?? -1;

function headerOf(description: string | undefined): SnapshotHeader | null {
  try {
    const h = JSON.parse(description ?? '') as SnapshotHeader;
    return typeof h?.revision === 'number' && typeof h.format === 'number' ? h : null;
  } catch {
    return null;
  }
}

/**
 * The public projection's snapshot in the JetStream object store every replica reaches: a new replica starts from
 * it (then reads only the feed after its revision) instead of reading the whole feed. Replicas store a new one every
 * GEO_PROJECTION_SNAPSHOT_INTERVAL_MS when the register moved on and no newer one is stored; one written at the same
 * time by another replica wins (the store's expected-revision check), never both. A missing, stale (another format,
 * too old) or corrupt snapshot (digest, decoding) is ignored: the replica reads the feed from the start.
 */
@Injectable()
export class ProjectionSnapshotStore implements OnModuleDestroy {
  private readonly logger = new Logger('ProjectionSnapshot');
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<unknown> | null = null;
  private closed = false;
  private bucket: Promise<ObjectStore> | null = null;
  private lastSaved: { revision: number; at: number } | null = null;

  constructor(
    private readonly nats: GeoNatsConnection,
    private readonly projection: KitProjection,
    @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv,
  ) {}

  get enabled(): boolean {
    return this.env.GEO_PROJECTION_SNAPSHOT_BUCKET !== 'off';
  }

  private store(): Promise<ObjectStore> {
    this.bucket ??= this.nats.ready.then(async (nc) => {
      const os = await nc.jetstream().views.os(this.env.GEO_PROJECTION_SNAPSHOT_BUCKET, {
        storage: StorageType.File,
        replicas: this.env.NATS_JETSTREAM_REPLICAS,
        description: 'geo-search: snapshots of the public projection',
      });
      await this.keepReplicas(nc);
      return os;
    });
    this.bucket.catch(() => (this.bucket = null));
    return this.bucket;
  }

  /**
   * Opening a bucket that exists leaves its stream as it is: one made on a single server (or before
   * NATS_JETSTREAM_REPLICAS was raised) is given the configured number of copies here, so moving to a cluster loses
   * no snapshot when a server goes.
   */
  private async keepReplicas(nc: NatsConnection): Promise<void> {
    const jsm = await nc.jetstreamManager();
    const stream = `OBJ_${this.env.GEO_PROJECTION_SNAPSHOT_BUCKET}`;
    const { config } = await jsm.streams.info(stream);
    if (config.num_replicas === this.env.NATS_JETSTREAM_REPLICAS) return;
    await jsm.streams.update(stream, { ...config, num_replicas: this.env.NATS_JETSTREAM_REPLICAS });
    this.logger.log({ msg: 'snapshot bucket replicas changed', from: config.num_replicas, to: this.env.NATS_JETSTREAM_REPLICAS });
  }

  /** Restores the projection from the stored snapshot when there is a usable one; says where the replica starts from. */
  async restore(): Promise<RestoreOutcome> {
    if (!this.enabled) return { from: 'feed', reason: 'off' };
    const started = Date.now();
    const deadline = AbortSignal.timeout(this.env.GEO_PROJECTION_SNAPSHOT_TIMEOUT_MS);
    let os: ObjectStore;
    try {
      os = await withSignal(this.store(), deadline);
    } catch (e) {
      return this.feed({ from: 'feed', reason: 'unavailable', detail: (e as Error).message });
    }
    try {
      const info = await withSignal(os.info(SNAPSHOT_OBJECT), deadline);
      if (!info || info.deleted) return this.feed({ from: 'feed', reason: 'missing' });
      const header = headerOf(info.description);
      if (!header || header.format !== SNAPSHOT_FORMAT)
        return this.feed({ from: 'feed', reason: 'stale', detail: `format ${header?.format ?? 'unknown'}` });
      const age = Date.now() - Date.parse(header.createdAt);
      if (!(age <= this.env.GEO_PROJECTION_SNAPSHOT_MAX_AGE_MS))
        return this.feed({ from: 'feed', reason: 'stale', detail: `${Math.round(age / 60_000)} minutes old` });
      const js = (await this.nats.ready).jetstream();
      const decoder = new SnapshotDecoder();
      await pipeline(
        Readable.from(objectChunks(js, this.env.GEO_PROJECTION_SNAPSHOT_BUCKET, info, deadline)),
        createGunzip({ chunkSize: GUNZIP_CHUNK_BYTES }),
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            try {
              decoder.push(chunk);
              done();
            } catch (e) {
              done(e as Error);
            }
          },
        }),
        { signal: deadline },
      );
      const state = decoder.finish();
      if (state.revision !== header.revision) throw new Error('the snapshot does not match its description');
      this.projection.restore(state);
      const outcome = { from: 'snapshot' as const, revision: state.revision, kits: state.kits, ms: Date.now() - started };
      this.logger.log({ msg: 'projection restored from the stored snapshot; reading the feed after its revision', ...outcome });
      return outcome;
    } catch (e) {
      const timedOut = deadline.aborted;
      return this.feed({ from: 'feed', reason: timedOut ? 'unavailable' : 'corrupt', detail: timedOut ? 'timed out' : (e as Error).message });
    }
  }

  private feed(outcome: RestoreOutcome & { from: 'feed' }): RestoreOutcome {
    const log = outcome.reason === 'corrupt' || outcome.reason === 'unavailable' ? 'warn' : 'log';
    this.logger[log]({ msg: 'no usable snapshot of the projection: reading the whole feed', reason: outcome.reason, detail: outcome.detail });
    return outcome;
  }

  /** Stores a snapshot now and then (with jitter, so replicas do not all write together); soon when none is stored. */
  startRefreshing(firstDelayMs?: number): void {
    if (!this.enabled || this.closed || this.timer) return;
    const interval = this.env.GEO_PROJECTION_SNAPSHOT_INTERVAL_MS;
    const schedule = (ms: number) => {
      this.timer = setTimeout(() => {
        this.timer = null;
        // Every replica looks each interval, but one stored by another replica within the last three quarters of
        // it is fresh enough: the replicas together store about one per interval, not one each.
        void this.save({ unlessYoungerThanMs: interval * 0.75 })
          .catch((e: unknown) =>
            this.logger.warn({ msg: 'storing a snapshot of the projection failed; trying again later', error: (e as Error).message }),
          )
          .finally(() => !this.closed && schedule(interval * (0.8 + 0.4 * Math.random())));
      }, ms);
      this.timer.unref();
    };
    schedule(firstDelayMs ?? interval * (0.1 + 0.2 * Math.random()));
  }

  /**
   * Stores a snapshot of the projection unless the stored one is as new (or, with `unlessYoungerThanMs`, was
   * stored less than that long ago); answers whether it wrote one.
   */
  save(options: { unlessYoungerThanMs?: number } = {}): Promise<boolean> {
    this.saving ??= this.write(options.unlessYoungerThanMs ?? 0)
      .catch((e: unknown) => {
        // The bucket may be gone (a NATS server restarted without its store): open it again next time.
        this.bucket = null;
        throw e;
      })
      .finally(() => (this.saving = null));
    return this.saving as Promise<boolean>;
  }

  private async write(unlessYoungerThanMs: number): Promise<boolean> {
    if (!this.enabled || this.closed || !this.projection.isReady) return false;
    const os = await this.store();
    const info = await os.info(SNAPSHOT_OBJECT);
    await this.sweepAbandonedChunks();
    const stored = usableHeader(info);
    if (stored && (stored.revision >= this.projection.revision || Date.now() - Date.parse(stored.createdAt) < unlessYoungerThanMs)) return false;
    const state = this.projection.state();
    const header = snapshotHeader(state);
    const started = Date.now();
    const gzipped = await gzipWhole(encodeSnapshot(header, state.entries));
    // Replicas store on their own timers: another one may have stored one as new while this one was encoding.
    const current = await os.info(SNAPSHOT_OBJECT);
    if (storedRevision(current) >= header.revision) return this.storedByAnother(header);
    let written: ObjectInfo;
    try {
      // Our own writer (object-chunks.ts): the client's putBlob holds the event loop for the whole object.
      written = await putObject(await this.nats.ready, {
        bucket: this.env.GEO_PROJECTION_SNAPSHOT_BUCKET,
        name: SNAPSHOT_OBJECT,
        description: JSON.stringify(header),
        bytes: gzipped,
        replacing: current,
        timeoutMs: this.env.GEO_PROJECTION_SNAPSHOT_TIMEOUT_MS,
      });
    } catch (e) {
      // Lost the race while uploading: fine if the winner's is as new, otherwise a failure to try again later.
      if (e instanceof ObjectReplacedError && storedRevision(await os.info(SNAPSHOT_OBJECT)) >= header.revision) return this.storedByAnother(header);
      throw e;
    }
    this.lastSaved = { revision: header.revision, at: Date.now() };
    this.logger.log({
      msg: 'stored a snapshot of the projection',
      revision: header.revision,
      kits: header.kits,
      gzippedBytes: written.size,
      ms: Date.now() - started,
    });
    return true;
  }

  private storedByAnother(header: SnapshotHeader): false {
    this.logger.debug({ msg: 'another replica stored a snapshot as new meanwhile', revision: header.revision });
    return false;
  }

  /**
   * A replica killed while uploading leaves chunks no description points to (68 MB at a million kits, each time):
   * removed once they are older than any upload in progress can leave them (its publishes time out before that).
   */
  private async sweepAbandonedChunks(): Promise<void> {
    const olderThanMs = 2 * this.env.GEO_PROJECTION_SNAPSHOT_TIMEOUT_MS;
    const purged = await purgeAbandonedChunks(await this.nats.ready, this.env.GEO_PROJECTION_SNAPSHOT_BUCKET, olderThanMs).catch((e: unknown) => {
      this.logger.warn({ msg: 'removing abandoned snapshot chunks failed; trying again next time', error: (e as Error).message });
      return [];
    });
    if (purged.length) this.logger.log({ msg: 'removed the chunks of abandoned snapshot uploads', uploads: purged.length });
  }

  /** The last snapshot this replica stored (metrics, tests). */
  get lastStored(): { revision: number; at: number } | null {
    return this.lastSaved;
  }

  onModuleDestroy(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** The snapshot gzipped into one buffer (fast level: it is rewritten every interval). */
async function gzipWhole(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  await pipeline(
    Readable.from(source),
    createGzip({ level: 1 }),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        done();
      },
    }),
  );
  return Buffer.concat(parts);
}

function withSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(new Error('timed out'));
    const onAbort = () => reject(new Error('timed out'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
