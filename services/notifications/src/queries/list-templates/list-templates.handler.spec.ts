import { template, templateStore } from '../../../test/handler-doubles';
import { ListTemplatesHandler } from './list-templates.handler';

describe(ListTemplatesHandler.name, () => {
  it('answers every stored template whole, in the stored order', async () => {
    const stored = [template('verification_reminder', ['kitName', 'year']), template('password_reset', ['resetUrl'])];
    const { templates } = templateStore(stored);
    expect(await new ListTemplatesHandler(templates).execute()).toEqual({ templates: stored });
  });

  it('answers an empty list when none are stored', async () => {
    expect(await new ListTemplatesHandler(templateStore([]).templates).execute()).toEqual({ templates: [] });
  });
});
