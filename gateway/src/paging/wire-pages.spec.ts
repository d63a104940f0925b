import { type Actor } from '@bleedkits/contracts';
import { IdentitySubjects, ImportsSubjects, KitsSubjects } from '@bleedkits/contracts/wire';
import type { NatsBus } from '@bleedkits/platform';
import { answeringBus } from '@bleedkits/platform/testing';
import { collectParts, listParts } from './list-parts';
import { pagesOf, wirePages } from './wire-pages';

const admin: Actor = { id: 'admin-1', role: 'admin', email: 'admin@example.org' };

/** A list of `total` ids, newest first, answered as kits answer it: `limit` items after `after`. */
const kitList = (total: number) => (data: unknown) => {
  const { after, limit } = data as { after: number | null; limit: number };
  const ids = Array.from({ length: total }, (_, i) => total - i).filter((id) => after === null || id < after);
  const items = ids.slice(0, limit).map((id) => ({ id }));
  return { items, next: items.length ? items[items.length - 1].id : after, hasMore: ids.length > limit };
};

describe('paging over the typed wire', () => {
  it('asks for the first page, then after each page’s cursor, until a page says it is the last', async () => {
    const asked: (number | null)[] = [];
    const pages = pagesOf(
      async (after: number | null) => (asked.push(after), { items: [after ?? 0], next: after === 20 ? null : (after ?? 0) + 10 }),
      (page) => page.next,
      'demo',
    );
    expect(
      (
        await collectParts(
          (async function* () {
            for await (const page of pages) yield page.items;
          })(),
        )
      ).length,
    ).toBe(3);
    expect(asked).toEqual([null, 10, 20]);
  });

  it('fails, rather than loop or stop short, on a page that does not move past its cursor', async () => {
    const pages = pagesOf(
      async () => ({ next: 7 }),
      (page) => page.next,
      'kits.qry.demo.v1',
    );
    await expect(
      collectParts(
        (async function* () {
          for await (const page of pages) yield [page];
        })(),
      ),
    ).rejects.toThrow('kits.qry.demo.v1 answered a page that does not move past 7');
  });

  it('asks for nothing more once the reader stops', async () => {
    const { bus, requests } = answeringBus({ [KitsSubjects.adminList]: kitList(10) });
    for await (const items of listParts(bus, KitsSubjects.adminList, { actor: admin }, 3)) {
      expect(items).toHaveLength(3);
      break;
    }
    expect(requests).toHaveLength(1);
  });

  it('reads a whole list part by part, each request the subject’s own with {after, limit}', async () => {
    const { bus, requests } = answeringBus({ [KitsSubjects.adminList]: kitList(7) });
    const kits = await collectParts(listParts(bus, KitsSubjects.adminList, { actor: admin, status: 'pending' }, 3));
    expect(kits.map((k) => k.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(requests.map((r) => r.data)).toEqual([
      { actor: admin, status: 'pending', after: null, limit: 3 },
      { actor: admin, status: 'pending', after: 5, limit: 3 },
      { actor: admin, status: 'pending', after: 2, limit: 3 },
    ]);
  });

  it('passes each request and its timeout to the bus on the subject asked', async () => {
    const { bus, requests } = answeringBus({
      [ImportsSubjects.importErrors]: (data) => {
        const afterRow = (data as { afterRow: number | null }).afterRow;
        return afterRow === null ? { errors: [[2, ['Bad']]], next: 2, hasMore: true } : { errors: [[9, ['Worse']]], next: 9, hasMore: false };
      },
    });
    const parts = wirePages(bus, ImportsSubjects.importErrors, {
      request: (afterRow: number | null) => ({ actor: admin, jobId: 'job-1', afterRow, limit: 2 }),
      next: (part) => (part.hasMore ? part.next : null),
      timeoutMs: 1234,
    });
    const rows: number[] = [];
    for await (const part of parts) rows.push(...part.errors.map(([row]) => row));
    expect(rows).toEqual([2, 9]);
    expect(requests.map((r) => [r.subject, (r.data as { afterRow: unknown }).afterRow, r.timeoutMs])).toEqual([
      [ImportsSubjects.importErrors, null, 1234],
      [ImportsSubjects.importErrors, 2, 1234],
    ]);
  });
});

/** Compiled by the gateway's typecheck, never run: the helpers take their types from the wire. */
export function typedFromTheWire(bus: NatsBus): unknown[] {
  return [
    listParts(bus, IdentitySubjects.listUsers, {}),
    // @ts-expect-error the owner list is asked for by an actor
    listParts(bus, KitsSubjects.ownerList, {}),
    // @ts-expect-error the manufacturers are one answer, not a list in parts
    listParts(bus, KitsSubjects.manufacturers, {}),
    wirePages(bus, ImportsSubjects.importErrors, {
      // @ts-expect-error the import errors' cursor is a row number
      request: (after: string | null) => ({ actor: admin, jobId: 'job-1', afterRow: after }),
      next: () => null,
    }),
    wirePages(bus, ImportsSubjects.importErrors, {
      request: (afterRow: number | null) => ({ actor: admin, jobId: 'job-1', afterRow }),
      // @ts-expect-error a part of the import errors names its cursor `next`
      next: (part) => part.nextAfterId,
    }),
  ];
}
