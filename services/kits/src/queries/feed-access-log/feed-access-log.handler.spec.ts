import { ACCESS_LOG_MAX_PAGE_SIZE, ACCESS_LOG_PAGE_SIZE, ErrorCode } from '@bleedkits/contracts';
import { feedRepository } from '../../../test/feed-doubles';
import { refusal, someone } from '../../../test/handler-doubles';
import { FeedAccessLogHandler } from './feed-access-log.handler';

describe(FeedAccessLogHandler.name, () => {
  const admin = someone('admin');
  /** `logged` feed answers by one control room, the first logged first. */
  const setup = async (logged = 3) => {
    const f = feedRepository();
    const client = await f.addClient('north_west', 'NWAS');
    for (let i = 0; i < logged; i++)
      await f.repository.logAccess({
        requestId: `r${i}`,
        clientId: client.id,
        scope: 'north_west',
        kitsReturned: i,
        codesReturned: 1,
        clientAddress: '10.0.0.1',
      });
    const pages = jest.spyOn(f.repository, 'accessLogPage');
    return { f, pages, handler: new FeedAccessLogHandler(f.repository) };
  };

  it('answers an admin the newest entries first, with the page, its size and the page count', async () => {
    const { handler } = await setup(3);
    const answer = await handler.execute({ actor: admin, page: 1, pageSize: 2 });
    expect(answer.pagination).toEqual({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(answer.data.map((e) => [e.kitsReturned, e.clientLabel])).toEqual([
      [2, 'NWAS'],
      [1, 'NWAS'],
    ]);
    expect((await handler.execute({ actor: admin, page: 2, pageSize: 2 })).data.map((e) => e.kitsReturned)).toEqual([0]);
  });

  it('says one page when the log is empty', async () => {
    const { handler } = await setup(0);
    expect(await handler.execute({ actor: admin } as never)).toEqual({
      data: [],
      pagination: { total: 0, page: 1, pageSize: ACCESS_LOG_PAGE_SIZE, pageCount: 1 },
    });
  });

  it('keeps page and size whole numbers: size defaults, is at least 1 and at most the cap; page at least 1', async () => {
    const { pages, handler } = await setup();
    const asked: [unknown, unknown][] = [
      [undefined, undefined],
      ['x', 'y'],
      [0, 0],
      [-4, -10],
      [2.8, 9.9],
      [3, ACCESS_LOG_MAX_PAGE_SIZE * 5],
    ];
    for (const [page, pageSize] of asked) await handler.execute({ actor: admin, page: page as number, pageSize: pageSize as number });
    expect(pages.mock.calls).toEqual([
      [1, ACCESS_LOG_PAGE_SIZE],
      [1, ACCESS_LOG_PAGE_SIZE],
      [1, ACCESS_LOG_PAGE_SIZE],
      [1, 1],
      [2, 9],
      [3, ACCESS_LOG_MAX_PAGE_SIZE],
    ]);
  });

  it('refuses anyone but an admin before reading the log', async () => {
    const { pages, handler } = await setup();
    for (const actor of [someone(), undefined])
      expect(await refusal(handler.execute({ actor: actor as never, page: 1, pageSize: ACCESS_LOG_PAGE_SIZE }))).toEqual({
        code: ErrorCode.Forbidden,
        message: 'Admin access is required.',
      });
    expect(pages).not.toHaveBeenCalled();
  });
});
