import { EmailTemplateMessages, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { sender, template, templateStore } from '../../../test/handler-doubles';
import { SendTestEmailHandler } from './send-test-email.handler';

describe(SendTestEmailHandler.name, () => {
  const setup = () => {
    const { templates } = templateStore([template('password_reset', ['resetUrl', 'year'])]);
    const s = sender();
    return { ...s, handler: new SendTestEmailHandler(templates, s.send) };
  };

  it('sends the stored template with the declared sample values only, each click a new e-mail', async () => {
    const { sent, handler } = setup();
    const req = { email: ' admin@example.org ', templateId: 'password_reset', variables: { resetUrl: 'https://r/x', shownOnlyInEditor: 'x' } };
    const first = await handler.execute(req);
    expect(first).toEqual({
      success: true,
      message: 'Test email for The password_reset e-mail queued for delivery to admin@example.org.',
      messageId: 'message-1',
    });
    await handler.execute(req);
    expect(sent.map((m) => [m.templateId, m.to, m.variables])).toEqual([
      ['password_reset', 'admin@example.org', { resetUrl: 'https://r/x' }],
      ['password_reset', 'admin@example.org', { resetUrl: 'https://r/x' }],
    ]);
    expect(sent[0].idempotencyKey).toMatch(/^test:/);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it('refuses an undeliverable address and a missing template id together; an unknown template as not found', async () => {
    const { sent, handler } = setup();
    const body = await codedRefusal(handler.execute({ email: 'nobody', templateId: '', variables: {} }));
    expect(body.code).toBe(ErrorCode.ValidationFailed);
    expect(body.errors).toEqual([EmailTemplateMessages.testEmailInvalid, EmailTemplateMessages.templateIdRequired]);
    expect(await codedRefusal(handler.execute({ email: 'a@example.org', templateId: 'gone', variables: {} }))).toEqual({
      code: ErrorCode.NotFound,
      message: EmailTemplateMessages.notFound,
    });
    expect(sent).toEqual([]);
  });
});
