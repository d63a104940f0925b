import { EMAIL_TEMPLATE_LIMITS, EmailTemplateMessages, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { template, templateStore } from '../../../test/handler-doubles';
import type { NewAuditEntry } from '@bleedkits/platform';
import type { NotificationsAuditTrail } from '../../database/notifications-audit-trail';
import { UpdateTemplateHandler } from './update-template.handler';

describe(UpdateTemplateHandler.name, () => {
  const actor = { id: 'admin-1', role: 'admin' as const, email: 'admin@example.org' };
  const setup = () => {
    const s = templateStore([template('password_reset', ['resetUrl', 'year'])]);
    const audited: NewAuditEntry[] = [];
    const audit = { record: async (_m: unknown, entry: NewAuditEntry) => void audited.push(entry) } as unknown as NotificationsAuditTrail;
    return { ...s, audited, handler: new UpdateTemplateHandler(s.templates, audit) };
  };
  const texts = { subject: 'Reset ({{year}})', htmlTemplate: '<a href="{{resetUrl}}">Reset</a>', textTemplate: 'Reset: {{resetUrl}}' };

  it('saves the three texts with the admin who saved them, and answers the stored template', async () => {
    const { handler, updates } = setup();
    const res = await handler.execute({ actor, id: 'password_reset', ...texts });
    expect(res.message).toBe(EmailTemplateMessages.updated);
    expect(res.template).toMatchObject({ id: 'password_reset', ...texts });
    expect(updates).toEqual([{ id: 'password_reset', texts, actorId: 'admin-1' }]);
  });

  it('records the edit in the audit trail with who saved it and the texts before and after', async () => {
    const { handler, audited } = setup();
    await handler.execute({ actor, id: 'password_reset', ...texts });
    expect(audited).toEqual([
      expect.objectContaining({
        actor,
        action: 'email-template.edited',
        target: expect.objectContaining({ type: 'email-template', id: 'password_reset' }),
        after: texts,
      }),
    ]);
  });

  it('refuses a missing or over-long part with each part’s message, saving nothing', async () => {
    const { handler, updates } = setup();
    const body = await codedRefusal(
      handler.execute({
        actor,
        id: 'password_reset',
        subject: ' ',
        htmlTemplate: 'x'.repeat(EMAIL_TEMPLATE_LIMITS.htmlTemplate + 1),
        textTemplate: undefined as never,
      }),
    );
    expect(body.code).toBe(ErrorCode.ValidationFailed);
    expect(body.errors).toEqual([EmailTemplateMessages.subjectRequired, EmailTemplateMessages.htmlTooLong, EmailTemplateMessages.textRequired]);
    expect(updates).toEqual([]);
  });

  it('refuses a part naming a variable the template does not declare, or one that does not compile', async () => {
    const { handler, updates } = setup();
    const unknown = await codedRefusal(handler.execute({ actor, id: 'password_reset', ...texts, textTemplate: 'Hello {{custodianName}}' }));
    expect(unknown.code).toBe(ErrorCode.ValidationFailed);
    expect(unknown.message).toContain('custodianName');
    const broken = await codedRefusal(handler.execute({ actor, id: 'password_reset', ...texts, htmlTemplate: '<p>{{#if resetUrl}}</p>' }));
    expect(broken.code).toBe(ErrorCode.ValidationFailed);
    expect(updates).toEqual([]);
  });

  it('answers an unknown template as not found', async () => {
    const { handler } = setup();
    expect(await codedRefusal(handler.execute({ actor, id: 'no_such_template', ...texts }))).toEqual({
      code: ErrorCode.NotFound,
      message: EmailTemplateMessages.notFound,
    });
  });
});
