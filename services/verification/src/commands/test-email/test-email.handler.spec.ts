import { EmailTemplateIds, ErrorCode } from '@bleedkits/contracts';
import { RemoteCallError } from '@bleedkits/platform';
import { codedRefusal, fixedClock, recordingOutbox } from '@bleedkits/platform/testing';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import { TEST_EMAIL_NOTE, TestEmailHandler } from './test-email.handler';

describe(TestEmailHandler.name, () => {
  const clock = fixedClock('2027-03-10T12:00:00Z');
  const setup = (options: Parameters<typeof recordingOutbox>[0] = {}) => {
    const previews: { templateId: string; variables: Record<string, unknown> }[] = [];
    const o = recordingOutbox({
      preview: (templateId, variables) => {
        previews.push({ templateId, variables });
        return { subject: 'Your bleed kit is due a check', text: `Dear ${variables.custodianName}   \n${'x'.repeat(700)}`, html: '' };
      },
      ...options,
    });
    return { ...o, previews, handler: new TestEmailHandler(o.outbox as unknown as EmailOutbox, clock) };
  };

  it('first previews the reminder with sample details, sending nothing', async () => {
    const { handler, sent, previews } = setup();
    const res = await handler.execute({ email: ' admin@example.org ' });
    expect(res).toMatchObject({ to: 'admin@example.org', subject: 'Your bleed kit is due a check', note: TEST_EMAIL_NOTE });
    expect((res as { contentPreview: string }).contentPreview).toMatch(/^Dear Sample Custodian\nx+…$/);
    expect((res as { contentPreview: string }).contentPreview).toHaveLength(601);
    expect(previews[0]).toMatchObject({
      templateId: EmailTemplateIds.verificationReminder,
      variables: { serialNumber: 'BK-TEST-0001', lastVerifiedDate: '21/09/2026', dueDate: '23/03/2027', year: 2027 },
    });
    expect(sent).toEqual([]);
  });

  it('on confirmation sends a real reminder through the outbox, a new e-mail each time', async () => {
    const { handler, sent } = setup();
    expect(await handler.execute({ email: 'admin@example.org', sendReal: true })).toEqual({
      emailSent: true,
      message: 'Test verification email sent to admin@example.org (outbox message message-1).',
    });
    await handler.execute({ email: 'admin@example.org', sendReal: true });
    expect(sent.map((m) => [m.templateId, m.to])).toEqual([
      [EmailTemplateIds.verificationReminder, 'admin@example.org'],
      [EmailTemplateIds.verificationReminder, 'admin@example.org'],
    ]);
    expect(sent[0].idempotencyKey).toMatch(/^verification_test:/);
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it("answers the outbox's refusal as not sent, with its message", async () => {
    const refused = new RemoteCallError(
      { code: ErrorCode.ServiceUnavailable, message: 'The outbox is not available.' },
      'notifications.cmd.send-email.v1',
    );
    const { handler } = setup({ refuseWith: refused });
    expect(await handler.execute({ email: 'admin@example.org', sendReal: true })).toEqual({
      emailSent: false,
      message: 'The outbox is not available.',
    });
  });

  it('refuses a missing or invalid address', async () => {
    const { handler, sent } = setup();
    expect((await codedRefusal(handler.execute({ email: 'nobody' }))).code).toBe(ErrorCode.ValidationFailed);
    expect((await codedRefusal(handler.execute({} as never))).code).toBe(ErrorCode.ValidationFailed);
    expect(sent).toEqual([]);
  });
});
