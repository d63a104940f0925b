import { ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { aUser, anAdmin } from '../../../test/handler-doubles';
import type { BackupsAuditTrail } from '../../database/backups-audit-trail';
import { BackupsAuditPageHandler } from './audit-page.handler';

describe(BackupsAuditPageHandler.name, () => {
  const setup = () => {
    const asked: unknown[] = [];
    const trail = { pageOf: async (request: unknown) => (asked.push(request), { items: [], next: null }) };
    return { asked, handler: new BackupsAuditPageHandler(trail as unknown as BackupsAuditTrail) };
  };

  it('answers an admin the page the filters ask for', async () => {
    const { asked, handler } = setup();
    expect(await handler.execute({ actor: anAdmin, action: 'backup.started', limit: 5 })).toEqual({ items: [], next: null });
    expect(asked).toEqual([{ action: 'backup.started', limit: 5 }]);
  });

  it('refuses anyone but an admin', async () => {
    const { asked, handler } = setup();
    expect((await codedRefusal(handler.execute({ actor: aUser }))).code).toBe(ErrorCode.Forbidden);
    expect(asked).toEqual([]);
  });
});
