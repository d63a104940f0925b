import { headerLine, renderTemplate, templateProblems, unknownVariables } from './email-template';
import { isDeliverableAddress, messageIdFor } from './email-address';

const variables = [
  { name: 'name', description: 'n' },
  { name: 'items', description: 'list' },
];
const ok = {
  subject: 'Hi {{name}}',
  htmlTemplate: '<p>{{name}}</p>{{#each items}}<li>{{@index}} {{this}}</li>{{/each}}',
  textTemplate: '{{#if name}}{{name}}{{/if}}',
};

describe('email templates', () => {
  it('accepts declared variables, if/unless/each blocks, this and @index inside a block', () => {
    expect(templateProblems(ok, variables)).toEqual([]);
  });

  it('names every problem of every part', () => {
    expect(
      templateProblems({ subject: '{{nam}}', htmlTemplate: '{{{name}}}', textTemplate: '{{lookup name "x"}} {{this}} {{name.length}}' }, variables),
    ).toEqual([
      'Subject: unknown variable "nam"; this template\'s variables are: name, items',
      'HTML template: name with three braces or & would insert unescaped HTML; use {{name}}',
      'Plain text template: unknown helper "lookup"; only {{#if}}, {{#unless}} and {{#each}} blocks are allowed',
      'Plain text template: {{this}} is only meaningful inside {{#each}}',
      'Plain text template: unknown variable "name.length"; this template\'s variables are: name, items',
    ]);
    expect(templateProblems({ ...ok, textTemplate: '{{#each items}}' }, variables)[0]).toMatch(/^Plain text template does not compile: Parse error/);
  });

  it('escapes variables in the HTML part only and keeps the subject on one line', () => {
    const out = renderTemplate({ id: 't', variables, ...ok }, { name: 'A & <B>\r\nBcc: x@y.z', items: ['<i>1</i>'] });
    expect(out.subject).toBe('Hi A & <B> Bcc: x@y.z');
    expect(out.html).toBe('<p>A &amp; &lt;B&gt;\r\nBcc: x@y.z</p><li>0 &lt;i&gt;1&lt;/i&gt;</li>');
    expect(out.text).toBe('A & <B>\r\nBcc: x@y.z');
  });

  it('does not reach prototype properties through a variable', () => {
    const out = renderTemplate(
      { id: 't', variables: [{ name: 'constructor', description: '' }], subject: '{{constructor}}', htmlTemplate: 'x', textTemplate: 'x' },
      {},
    );
    expect(out.subject).toBe('');
  });

  it('lists the names a caller gave that the template does not declare', () => {
    expect(unknownVariables({ name: 'x', other: 1 }, variables)).toEqual(['other']);
    expect(headerLine(' a\r\n\tb  c ')).toBe('a b c');
  });
});

describe('addresses and message ids', () => {
  it('accepts one plain address only', () => {
    expect(isDeliverableAddress('ann@example.org')).toBe(true);
    for (const bad of ['a@b.c, d@e.f', 'A <a@b.c>', 'a@b.c\r\nBcc: x@y.z', 'no-at.example.org', `${'x'.repeat(250)}@b.co`, 42])
      expect(isDeliverableAddress(bad)).toBe(false);
  });
  it('derives the Message-ID from the outbox id and the sender domain', () => {
    expect(messageIdFor('abc-1', 'Register <no-reply@register.test>')).toBe('<abc-1@register.test>');
    expect(messageIdFor('abc-1', 'bare@example.org')).toBe('<abc-1@example.org>');
  });
});
