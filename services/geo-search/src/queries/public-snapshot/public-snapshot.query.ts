import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import {
  CodedError,
  PUBLIC_SNAPSHOT_FIELDS,
  type PublicKit,
  type PublicSnapshotChunkRequest,
  publicSnapshotPoint,
  publicSnapshotRow,
} from '@bleedkits/contracts';
import { GEO_SEARCH_ENV, type GeoSearchEnv } from '../../config/env';
import { KitProjection } from '../../projection/kit-projection';
import type { KitEntry } from '../../projection/kit-entry';
import type { GazetteerPlace } from '../../spatial/gazetteer';
import { Answer } from '../answer';
import { indexLoading, snapshotBeingMade } from '../index-unavailable';

/** The gzipped document and what names it. Replicas at the same feed revision make the same bytes, so the same ETag. */
export type BuiltPublicSnapshot = { etag: string; gzipped: Buffer; kits: number; identityBytes: number; tag: string; builtAt: number };

/** Kits serialised between two turns of the event loop, so hot queries keep being answered during a build. */
const SLICE = 10_000;

/**
 * geo-search.qry.public-snapshot.v1: the national snapshot of public kits for the offline finder, gzipped (level 9:
 * it is made once and downloaded by every installed app) and served in chunks of at most
 * GEO_SNAPSHOT_CHUNK_BYTES, because a NATS message is at most 1 MB. The gateway asks for chunk after chunk by
 * offset and names the document (`etag`); a replica that holds another document answers 'conflict' and the gateway
 * starts again. A new document is made at most every GEO_SNAPSHOT_MIN_INTERVAL_MS, on demand, from the projection.
 */
@Injectable()
export class PublicSnapshotQueryHandler {
  private readonly logger = new Logger('PublicSnapshot');
  private built: BuiltPublicSnapshot | null = null;
  private building: Promise<void> | null = null;

  constructor(
    private readonly projection: KitProjection,
    @Inject(GEO_SEARCH_ENV) private readonly env: GeoSearchEnv,
  ) {}

  async handle(input: Record<string, unknown> | null): Promise<Answer> {
    const q = (input ?? {}) as PublicSnapshotChunkRequest;
    const offset = typeof q.offset === 'number' && Number.isInteger(q.offset) && q.offset >= 0 ? q.offset : 0;
    if (!this.projection.isReady) throw indexLoading();
    const doc = q.etag && this.built?.etag === q.etag ? this.built : this.current();
    if (q.etag && q.etag !== doc.etag) throw CodedError.conflict('The snapshot changed while it was being read; start again.');
    const meta = { etag: doc.etag, offset, total: doc.gzipped.byteLength, kits: doc.kits };
    if (q.ifNoneMatch && q.ifNoneMatch === doc.etag) return new Answer(Buffer.alloc(0), null, { snapshot: { ...meta, notModified: true } }, false);
    if (offset > doc.gzipped.byteLength) throw CodedError.validation(['offset is past the end of the snapshot.']);
    // A view of the document: the bytes are copied once, into the reply.
    return new Answer(doc.gzipped.subarray(offset, offset + this.env.GEO_SNAPSHOT_CHUNK_BYTES), null, { snapshot: meta }, false);
  }

  /**
   * The document for the projection, made again when the projection moved on and the last one is old enough. Until
   * a replica's first document is made it answers 'service unavailable' at once: at a national register that takes
   * longer than the gateway waits for an answer, and a 504 would say the replica is broken rather than busy.
   */
  private current(): BuiltPublicSnapshot {
    const built = this.built;
    const tag = this.projection.tag;
    const fresh = built && (built.tag === tag || Date.now() - built.builtAt < this.env.GEO_SNAPSHOT_MIN_INTERVAL_MS);
    if (built && fresh) return built;
    this.building ??= this.build(tag).finally(() => {
      this.building = null;
    });
    // While a newer one is being made, the previous document still answers.
    if (built) return built;
    throw snapshotBeingMade(this.projection.size);
  }

  private async build(tag: string): Promise<void> {
    const revision = this.projection.revision;
    try {
      // The kits and the gazetteer as they are now (both copied at once; the projection may move on during the build).
      const entries = this.projection.kits.entriesInIdOrder();
      const outward = this.projection.kits.gazetteer.outwardPlaces();
      const doc = await buildPublicSnapshot(entries, outward, revision, tag);
      this.built = doc;
      this.logger.log({
        msg: 'public snapshot built',
        kits: doc.kits,
        gzippedBytes: doc.gzipped.byteLength,
        identityBytes: doc.identityBytes,
        revision,
      });
    } catch (error) {
      // The next request tries again; the previous document, if any, goes on answering.
      this.logger.error({ msg: 'public snapshot could not be built', revision, error: String(error) });
    }
  }
}

/**
 * Writes the snapshot document (contracts: finder/public-snapshot.ts) slice by slice into a gzip stream and a
 * hash, so the whole JSON, which grows with the register, never sits in memory at once.
 */
export async function buildPublicSnapshot(
  entries: readonly KitEntry[],
  outwardPlaces: GazetteerPlace[],
  revision: number,
  tag: string,
): Promise<BuiltPublicSnapshot> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => gzip.once('end', resolve).once('error', reject));
  const hash = createHash('sha256');
  let identityBytes = 0;
  const write = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    identityBytes += bytes.byteLength;
    hash.update(bytes);
    gzip.write(bytes);
  };
  write(`{"format":1,"revision":${revision},"fields":${JSON.stringify(PUBLIC_SNAPSHOT_FIELDS)},"kits":[`);
  for (let i = 0; i < entries.length; i += SLICE) {
    const rows = entries.slice(i, i + SLICE).map((e) => JSON.stringify(publicSnapshotRow(JSON.parse(e.json) as PublicKit)));
    write(`${i ? ',' : ''}${rows.join(',')}`);
    await new Promise((r) => setImmediate(r));
  }
  const outward = outwardPlaces
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .map((p) => `${JSON.stringify(p.label)}:${JSON.stringify(publicSnapshotPoint(p.lat, p.lng))}`);
  write(`],"outwardCodes":{${outward.join(',')}}}`);
  gzip.end();
  await done;
  const etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
  return { etag, gzipped: Buffer.concat(out), kits: entries.length, identityBytes, tag, builtAt: Date.now() };
}
