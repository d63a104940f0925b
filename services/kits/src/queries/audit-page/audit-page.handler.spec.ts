import { ErrorCode } from '@bleedkits/contracts';
import type { DataSource } from 'typeorm';
import { refusal, someone } from '../../../test/handler-doubles';
import type { KitAuditTrail } from '../../database/kit-audit-trail';
import { KitAuditPageHandler } from './audit-page.handler';

describe(KitAuditPageHandler.name, () => {
  const setup = () => {
    const asked: unknown[] = [];
    const trail = { page: async (_db: unknown, request: unknown) => (asked.push(request), { items: [], next: null }) };
    return { asked, handler: new KitAuditPageHandler(trail as unknown as KitAuditTrail, {} as DataSource) };
  };

  it('answers an admin the page the filters ask for', async () => {
    const { asked, handler } = setup();
    expect(await handler.execute({ actor: someone('admin'), targetType: 'kit', targetId: '7', limit: 10 })).toEqual({ items: [], next: null });
    expect(asked).toEqual([{ targetType: 'kit', targetId: '7', limit: 10 }]);
  });

  it('refuses anyone but an admin', async () => {
    const { asked, handler } = setup();
    expect((await refusal(handler.execute({ actor: someone(), targetType: 'kit' }))).code).toBe(ErrorCode.Forbidden);
    expect(asked).toEqual([]);
  });
});
