import { ErrorCode, OUTBOX_STATUSES, type OutboxPageRequest } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { outboxPages } from '../../../test/handler-doubles';
import { OutboxPageHandler } from './outbox-page.handler';

describe(OutboxPageHandler.name, () => {
  const setup = () => {
    const o = outboxPages();
    return { ...o, handler: new OutboxPageHandler(o.outbox) };
  };
  const statusProblem = `status must be one of: ${OUTBOX_STATUSES.join(', ')}`;

  it('reads the page asked for (the first when none is given), of every status or of one', async () => {
    const { pages, handler } = setup();
    await handler.execute({} as OutboxPageRequest);
    await handler.execute({ page: null as never });
    await handler.execute({ page: 3 });
    await handler.execute({ page: '2' as never, status: 'failed' });
    await handler.execute({ page: 1_000_000, status: 'held' });
    expect(pages).toEqual([{ page: 1 }, { page: 1 }, { page: 3 }, { page: 2, status: 'failed' }, { page: 1_000_000, status: 'held' }]);
  });

  it('refuses a page that is not a whole number from 1 to a million, reading nothing', async () => {
    const { pages, handler } = setup();
    for (const page of [0, -1, 1.5, 'x', 1_000_001])
      expect({ page, body: await codedRefusal(handler.execute({ page: page as number })) }).toEqual({
        page,
        body: { code: ErrorCode.ValidationFailed, message: expect.any(String), errors: ['page must be a whole number from 1'] },
      });
    expect(pages).toEqual([]);
  });

  it('refuses a status the outbox does not have, and says every problem at once', async () => {
    const { pages, handler } = setup();
    expect((await codedRefusal(handler.execute({ page: 1, status: 'lost' as never }))).errors).toEqual([statusProblem]);
    expect((await codedRefusal(handler.execute({ page: 0, status: 'lost' as never }))).errors).toEqual([
      'page must be a whole number from 1',
      statusProblem,
    ]);
    expect(pages).toEqual([]);
  });
});
