import { gunzipSync } from 'node:zlib';
import { CodedError, ErrorCode, londonToday } from '@bleedkits/contracts';
import { readGeoSearchEnv } from '../../config/env';
import { KitProjection } from '../../projection/kit-projection';
import { entry } from '../../../test/random-kits';
import { INDEX_LOADING_MESSAGE, SNAPSHOT_BEING_MADE_MESSAGE } from '../index-unavailable';
import { PublicSnapshotQueryHandler } from './public-snapshot.query';

const env = readGeoSearchEnv({ NODE_ENV: 'test', GEO_SNAPSHOT_MIN_INTERVAL_MS: '0' });

function projectionOf(n: number, ready = true): KitProjection {
  const projection = new KitProjection();
  projection.restore({
    revision: n,
    evaluatedDay: londonToday(new Date()),
    entries: Array.from({ length: n }, (_, i) => entry(i + 1, 53.4 + (i % 10) / 100, -2.4 + i / 100_000)),
  });
  if (ready) projection.markReady();
  return projection;
}

/** What the handler threw, as the coded error the transport sends back. */
async function refusal(answer: Promise<unknown>): Promise<CodedError> {
  const error = await answer.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof CodedError)) throw new Error(`expected a coded error, got ${String(error)}`);
  return error;
}

/** Asks until the replica has a document (each refusal must be the 'being made' one). */
async function firstDocument(handler: PublicSnapshotQueryHandler) {
  for (;;) {
    const answer = await handler.handle({ offset: 0 }).catch((e: unknown) => e);
    if (!(answer instanceof CodedError)) return answer as Awaited<ReturnType<PublicSnapshotQueryHandler['handle']>>;
    expect(answer.body.message).toBe(SNAPSHOT_BEING_MADE_MESSAGE);
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe(PublicSnapshotQueryHandler.name, () => {
  it('answers "starting up" before the replica has read the register', async () => {
    const handler = new PublicSnapshotQueryHandler(projectionOf(3, false), env);
    const error = await refusal(handler.handle({ offset: 0 }));
    expect(error.body).toMatchObject({ code: ErrorCode.ServiceUnavailable, message: INDEX_LOADING_MESSAGE });
  });

  it('answers "being made" at once, with a time to try again, until its first document exists, instead of keeping the gateway waiting', async () => {
    const handler = new PublicSnapshotQueryHandler(projectionOf(25_000), env);
    const error = await refusal(handler.handle({ offset: 0 }));
    expect(error.body).toMatchObject({ code: ErrorCode.ServiceUnavailable, message: SNAPSHOT_BEING_MADE_MESSAGE });
    expect(error.body.retryAfterSeconds).toBeGreaterThan(0);
    // Asking again while it is made starts no second build and is refused alike.
    expect((await refusal(handler.handle({ offset: 0 }))).body.message).toBe(SNAPSHOT_BEING_MADE_MESSAGE);

    const answer = await firstDocument(handler);
    expect(answer.meta?.snapshot).toMatchObject({ offset: 0, kits: 25_000 });
    const whole = answer.meta!.snapshot!.total;
    const json = JSON.parse(gunzipSync(answer.body.subarray(0, whole)).toString('utf8')) as { kits: unknown[] };
    expect(json.kits).toHaveLength(25_000);
  });

  it('keeps answering with the previous document while the next is made after a change', async () => {
    const projection = projectionOf(20);
    const handler = new PublicSnapshotQueryHandler(projection, env);
    const before = await firstDocument(handler);
    // Kit 1 leaves the public register.
    projection.apply([{ revision: 21, kitId: 1, kit: null }]);
    // The change starts a new document; this answer is still the previous one, whole.
    const during = await handler.handle({ offset: 0 });
    expect(during.meta?.snapshot?.etag).toBe(before.meta?.snapshot?.etag);
    let after = during;
    while (after.meta?.snapshot?.etag === before.meta?.snapshot?.etag) {
      await new Promise((r) => setTimeout(r, 5));
      after = await handler.handle({ offset: 0 });
    }
    expect(after.meta?.snapshot?.kits).toBe(19);
  });

  it('tries again on the next request when making a document failed, instead of staying "being made"', async () => {
    const projection = projectionOf(10);
    const handler = new PublicSnapshotQueryHandler(projection, env);
    jest.spyOn(projection.kits, 'entriesInIdOrder').mockImplementationOnce(() => {
      throw new Error('out of memory');
    });
    expect((await refusal(handler.handle({ offset: 0 }))).body.message).toBe(SNAPSHOT_BEING_MADE_MESSAGE);
    const answer = await firstDocument(handler);
    expect(answer.meta?.snapshot?.kits).toBe(10);
  });
});
