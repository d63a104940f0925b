import { ErrorCode } from '@bleedkits/contracts';
import type { DataSource } from 'typeorm';
import { codedRefusal } from '@bleedkits/platform/testing';
import type { NotificationsAuditTrail } from '../../database/notifications-audit-trail';
import { NotificationsAuditPageHandler } from './audit-page.handler';

describe(NotificationsAuditPageHandler.name, () => {
  const admin = { id: 'admin-1', role: 'admin' as const, email: 'admin@example.org' };
  const setup = () => {
    const asked: unknown[] = [];
    const trail = { page: async (_db: unknown, request: unknown) => (asked.push(request), { items: [], next: null }) };
    return { asked, handler: new NotificationsAuditPageHandler(trail as unknown as NotificationsAuditTrail, {} as DataSource) };
  };

  it('answers an admin the page the filters ask for', async () => {
    const { asked, handler } = setup();
    expect(await handler.execute({ actor: admin, targetType: 'email-template', targetId: 'password_reset', limit: 10 })).toEqual({
      items: [],
      next: null,
    });
    expect(asked).toEqual([{ targetType: 'email-template', targetId: 'password_reset', limit: 10 }]);
  });

  it('refuses anyone but an admin', async () => {
    const { asked, handler } = setup();
    expect((await codedRefusal(handler.execute({ actor: { ...admin, role: 'user' }, targetType: 'kit' }))).code).toBe(ErrorCode.Forbidden);
    expect(asked).toEqual([]);
  });
});
