import { ErrorCode } from '@bleedkits/contracts';
import { actorOf, aUser, refusal } from '../../../test/handler-doubles';
import type { IdentityAuditTrail } from '../../database/identity-audit-trail';
import { IdentityAuditPageHandler } from './audit-page.handler';

describe(IdentityAuditPageHandler.name, () => {
  const setup = () => {
    const asked: unknown[] = [];
    const trail = { pageOf: async (request: unknown) => (asked.push(request), { items: [], next: null }) };
    return { asked, handler: new IdentityAuditPageHandler(trail as unknown as IdentityAuditTrail) };
  };

  it('answers an admin the page the filters ask for', async () => {
    const { asked, handler } = setup();
    const admin = actorOf(aUser({ role: 'admin' }));
    expect(await handler.execute({ actor: admin, action: 'user.deleted', limit: 5 })).toEqual({ items: [], next: null });
    expect(asked).toEqual([{ action: 'user.deleted', limit: 5 }]);
  });

  it('refuses anyone but an admin', async () => {
    const { asked, handler } = setup();
    expect((await refusal(handler.execute({ actor: actorOf(aUser()) }))).code).toBe(ErrorCode.Forbidden);
    expect(asked).toEqual([]);
  });
});
