import { randomUUID } from 'node:crypto';
import { userPorts } from '../../../test/handler-doubles';
import { USER_EMAILS_MAX_IDS, UserEmailsHandler } from './user-emails.handler';

describe(UserEmailsHandler.name, () => {
  const setup = () => {
    const p = userPorts([{ email: 'Ann.Lee@Example.org' }, { email: 'bo@example.org' }]);
    const asked = jest.spyOn(p.repository, 'emailsByIds');
    return { p, asked, handler: new UserEmailsHandler(p.repository) };
  };

  it('answers the stored address of each known id; an unknown one is absent', async () => {
    const { p, handler } = setup();
    const [ann, bo] = [...p.store.values()];
    expect(await handler.execute({ userIds: [ann.id, bo.id, randomUUID()] })).toEqual({
      emails: { [ann.id]: 'ann.lee@example.org', [bo.id]: 'bo@example.org' },
    });
  });

  it('looks up only ids that are UUIDs', async () => {
    const { p, asked, handler } = setup();
    const [ann] = [...p.store.values()];
    expect(await handler.execute({ userIds: ['1', `${ann.id}' OR 1=1`, '', ann.id, 42 as never] })).toEqual({ emails: { [ann.id]: ann.email } });
    expect(asked).toHaveBeenCalledWith([ann.id]);
  });

  it(`looks up at most the first ${USER_EMAILS_MAX_IDS} ids of a request`, async () => {
    const { asked, handler } = setup();
    const ids = Array.from({ length: USER_EMAILS_MAX_IDS + 10 }, () => randomUUID());
    await handler.execute({ userIds: ids });
    expect(asked).toHaveBeenCalledWith(ids.slice(0, USER_EMAILS_MAX_IDS));
  });
});
