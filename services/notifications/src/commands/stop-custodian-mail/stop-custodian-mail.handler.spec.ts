import { CustodianMailMessages, EmailTemplateIds, ErrorCode } from '@bleedkits/contracts';
import type { NotificationsEnv } from '../../config/env';
import type { CustodianMailBlockRepository } from '../../database/custodian-mail-block.repository';
import { signStopToken } from '../../domain/stop-link';
import type { AdminInbox } from '../admin-inbox';
import type { EnqueueEmail, SendEmailHandler } from '../send-email/send-email.handler';
import { StopCustodianMailHandler } from './stop-custodian-mail.handler';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';

describe(StopCustodianMailHandler.name, () => {
  function setup(opts: { failSend?: boolean } = {}) {
    const blocked = new Map<string, { told: boolean }>();
    const sent: EnqueueEmail[] = [];
    const blocks = {
      block: async (address: string, kitIds: readonly number[]) => {
        for (const k of kitIds) if (!blocked.has(`${address}|${k}`)) blocked.set(`${address}|${k}`, { told: false });
      },
      untold: async (address: string) =>
        [...blocked.entries()].filter(([key, v]) => key.startsWith(`${address}|`) && !v.told).map(([key]) => Number(key.split('|')[1])),
      markAdminsTold: async (address: string, kitIds: readonly number[]) => {
        for (const k of kitIds) blocked.get(`${address}|${k}`)!.told = true;
      },
    } as unknown as CustodianMailBlockRepository;
    const send = {
      execute: async (req: EnqueueEmail) => {
        if (opts.failSend) throw new Error('outbox down');
        sent.push(req);
        return { messageId: 'm', status: 'queued', created: true };
      },
    } as unknown as SendEmailHandler;
    const inbox = { addresses: async () => ['admin1@register.test', 'admin2@register.test'] } as AdminInbox;
    const env = { CUSTODIAN_STOP_LINK_SECRET: SECRET, PUBLIC_BASE_URL: 'https://register.test/' } as NotificationsEnv;
    return { blocked, sent, handler: new StopCustodianMailHandler(blocks, send, inbox, env) };
  }
  const token = (kitIds: number[]) => signStopToken(SECRET, { address: 'ann@example.org', kitIds });

  it('blocks the address for the kits and tells every admin once, naming the address and the kits', async () => {
    const { blocked, sent, handler } = setup();
    expect(await handler.execute({ token: token([4, 2]) })).toEqual({ message: CustodianMailMessages.stopped });
    expect([...blocked.keys()].sort()).toEqual(['ann@example.org|2', 'ann@example.org|4']);
    expect(sent.map((m) => m.to)).toEqual(['admin1@register.test', 'admin2@register.test']);
    expect(sent[0]).toMatchObject({
      templateId: EmailTemplateIds.custodianMailStopped,
      variables: { custodianEmail: 'ann@example.org', kitIds: ['2', '4'], adminUrl: 'https://register.test/admin' },
    });
    expect(sent[0].idempotencyKey).not.toBe(sent[1].idempotencyKey);

    await handler.execute({ token: token([4, 2]) });
    expect(sent).toHaveLength(2);
  });

  it('leaves the blocks untold when the admins’ e-mail could not be queued, so the next follow tells them', async () => {
    const first = setup({ failSend: true });
    await expect(first.handler.execute({ token: token([9]) })).rejects.toThrow('outbox down');
    expect(first.blocked.get('ann@example.org|9')).toEqual({ told: false });
  });

  it('refuses a token it did not sign with a validation error, blocking nothing', async () => {
    const { blocked, sent, handler } = setup();
    const forged = signStopToken('another-secret-of-at-least-thirty-two-chars', { address: 'ann@example.org', kitIds: [1] });
    for (const bad of [forged, '', undefined, 'nonsense']) {
      await expect(handler.execute({ token: bad as string })).rejects.toMatchObject({
        body: { code: ErrorCode.ValidationFailed, message: CustodianMailMessages.invalidToken },
      });
    }
    expect(blocked.size).toBe(0);
    expect(sent).toHaveLength(0);
  });
});
