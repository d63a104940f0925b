import { ContactMessages, EmailTemplateIds, ErrorCode } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { sender } from '../../../test/handler-doubles';
import type { AdminInbox } from '../admin-inbox';
import { SubmitContactMessageHandler } from './submit-contact-message.handler';

describe(SubmitContactMessageHandler.name, () => {
  const setup = (inbox: string[] = ['inbox@example.org', 'second@example.org']) => {
    const s = sender();
    const admins = { addresses: async () => inbox } as unknown as AdminInbox;
    return { ...s, handler: new SubmitContactMessageHandler(s.send, admins) };
  };
  const message = {
    requestId: 'req-12345678',
    name: 'Alex Visitor',
    email: ' alex@example.org ',
    subject: 'A kit in our village',
    message: 'Is the kit at the hall registered?',
  };

  it('notifies each inbox address with Reply-To the visitor, and confirms to the visitor with the subject only', async () => {
    const { sent, handler } = setup();
    expect(await handler.execute(message)).toEqual({ message: ContactMessages.sent });
    expect(sent.map((m) => [m.idempotencyKey, m.templateId, m.to, m.replyTo])).toEqual([
      ['contact:req-12345678:admin:inbox@example.org', EmailTemplateIds.contactAdminNotification, 'inbox@example.org', 'alex@example.org'],
      ['contact:req-12345678:admin:second@example.org', EmailTemplateIds.contactAdminNotification, 'second@example.org', 'alex@example.org'],
      ['contact:req-12345678:confirmation', EmailTemplateIds.contactUserConfirmation, 'alex@example.org', undefined],
    ]);
    expect(sent[0].variables).toMatchObject({ name: 'Alex Visitor', email: 'alex@example.org', message: message.message });
    expect(Object.keys(sent[2].variables!).sort()).toEqual(['subject', 'year']);
  });

  it('sends nothing twice when the same request comes again', async () => {
    const { sent, handler } = setup();
    await handler.execute(message);
    await handler.execute(message);
    expect(sent).toHaveLength(3);
  });

  it('refuses an invalid form or a missing request id with the form’s messages, sending nothing', async () => {
    const { sent, handler } = setup();
    const body = await codedRefusal(handler.execute({ ...message, email: 'not-an-address', requestId: 'x' }));
    expect(body.code).toBe(ErrorCode.ValidationFailed);
    expect(body.errors).toEqual([ContactMessages.email, 'requestId is required']);
    expect(sent).toEqual([]);
  });
});
