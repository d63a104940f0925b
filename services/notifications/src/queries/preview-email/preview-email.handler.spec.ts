import { EmailTemplateMessages, ErrorCode, type PreviewEmailRequest } from '@bleedkits/contracts';
import { codedRefusal } from '@bleedkits/platform/testing';
import { template, templateStore } from '../../../test/handler-doubles';
import { PreviewEmailHandler } from './preview-email.handler';

describe(PreviewEmailHandler.name, () => {
  const setup = () => {
    const s = templateStore([
      template('password_reset', ['firstName', 'resetUrl'], {
        subject: 'Reset for {{firstName}}',
        htmlTemplate: '<p>Hi {{firstName}}, <a href="{{resetUrl}}">reset</a></p>',
        textTemplate: 'Hi {{firstName}}: {{resetUrl}}',
      }),
    ]);
    const find = jest.spyOn(s.templates, 'find');
    return { ...s, find, handler: new PreviewEmailHandler(s.templates) };
  };

  it('renders the stored template with the sample values, escaping them in the HTML part, and stores nothing', async () => {
    const { updates, handler } = setup();
    const preview = await handler.execute({ templateId: 'password_reset', variables: { firstName: '<Ann>', resetUrl: 'https://example.org/r' } });
    expect(preview).toEqual({
      subject: 'Reset for <Ann>',
      html: '<p>Hi &lt;Ann&gt;, <a href="https://example.org/r">reset</a></p>',
      text: 'Hi <Ann>: https://example.org/r',
    });
    expect(updates).toEqual([]);
  });

  it('renders the unsaved texts given instead of the stored ones, part by part', async () => {
    const { store, handler } = setup();
    const preview = await handler.execute({ templateId: 'password_reset', variables: { firstName: 'Ann' }, subject: 'Hello {{firstName}}' });
    expect(preview.subject).toBe('Hello Ann');
    expect(preview.text).toBe('Hi Ann: ');
    expect(store.get('password_reset')!.subject).toBe('Reset for {{firstName}}');
  });

  it('passes on only the variables the template declares', async () => {
    const { handler } = setup();
    const preview = await handler.execute({
      templateId: 'password_reset',
      variables: { firstName: 'Ann', year: 1999, secret: 'x' },
      textTemplate: '{{firstName}}',
    });
    expect(preview.text).toBe('Ann');
  });

  it('refuses sample values that are not an object or are too long before looking the template up', async () => {
    const { find, handler } = setup();
    expect(await codedRefusal(handler.execute({ templateId: 'password_reset', variables: 'x' as never }))).toMatchObject({
      code: ErrorCode.ValidationFailed,
      errors: ['variables must be an object'],
    });
    const tooLong = await codedRefusal(handler.execute({ templateId: 'password_reset', variables: { firstName: 'A'.repeat(100_000) } }));
    expect(tooLong.code).toBe(ErrorCode.ValidationFailed);
    expect(tooLong.errors).toEqual([expect.stringMatching(/^variable "firstName" must be text of at most/)]);
    expect(find).not.toHaveBeenCalled();
  });

  it('answers an unknown or missing template as not found', async () => {
    const { handler } = setup();
    const notFound = { code: ErrorCode.NotFound, message: EmailTemplateMessages.notFound };
    expect(await codedRefusal(handler.execute({ templateId: 'no_such_template' }))).toEqual(notFound);
    expect(await codedRefusal(handler.execute({} as PreviewEmailRequest))).toEqual(notFound);
  });

  it("refuses unsaved texts naming an undeclared variable or not compiling, with the editor's problems", async () => {
    const { handler } = setup();
    const unknown = await codedRefusal(handler.execute({ templateId: 'password_reset', textTemplate: 'Hi {{custodianName}}' }));
    expect(unknown.code).toBe(ErrorCode.ValidationFailed);
    expect(unknown.errors!.join(' ')).toContain('custodianName');
    const broken = await codedRefusal(handler.execute({ templateId: 'password_reset', htmlTemplate: '<p>{{#if firstName}}</p>' }));
    expect(broken.errors).toEqual([expect.stringMatching(/^HTML template does not compile/)]);
  });
});
