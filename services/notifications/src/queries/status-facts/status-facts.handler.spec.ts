import type { MailStatusFacts } from '@bleedkits/contracts';
import { mailStatus } from '../../../test/handler-doubles';
import { MailStatusFactsHandler } from './status-facts.handler';

describe(MailStatusFactsHandler.name, () => {
  it('answers the facts as read, leaving the judgement to the status rule in contracts', async () => {
    const facts: MailStatusFacts = {
      failedRecently: 3,
      lastFailureAt: '2027-03-10T12:00:00.000Z',
      lastFailure: '550 mailbox unavailable',
      queued: 12,
      oldestQueuedAt: '2027-03-10T11:00:00.000Z',
    };
    expect(await new MailStatusFactsHandler(mailStatus(facts)).execute()).toEqual(facts);
  });
});
