import { userPorts } from '../../../test/handler-doubles';
import { AdminEmailsHandler, MAX_ADMIN_EMAILS } from './admin-emails.handler';

describe(AdminEmailsHandler.name, () => {
  it("answers the admins' addresses, oldest account first, and nobody else's", async () => {
    const p = userPorts();
    p.add({ email: 'first.admin@example.org', role: 'admin', createdAt: new Date('2026-01-01T00:00:00Z') });
    p.add({ email: 'user@example.org', role: 'user', createdAt: new Date('2026-01-02T00:00:00Z') });
    p.add({ email: 'second.admin@example.org', role: 'admin', createdAt: new Date('2026-01-03T00:00:00Z') });
    expect(await new AdminEmailsHandler(p.repository).execute()).toEqual({ emails: ['first.admin@example.org', 'second.admin@example.org'] });
  });

  it(`answers at most ${MAX_ADMIN_EMAILS}`, async () => {
    const p = userPorts();
    for (let i = 0; i < MAX_ADMIN_EMAILS + 5; i++) p.add({ email: `admin${i}@example.org`, role: 'admin' });
    expect((await new AdminEmailsHandler(p.repository).execute()).emails).toHaveLength(MAX_ADMIN_EMAILS);
  });
});
