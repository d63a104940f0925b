import { reminderRunStatus } from '../../../test/handler-doubles';
import { ReminderRunFactsHandler } from './status-facts.handler';

describe(ReminderRunFactsHandler.name, () => {
  it('answers when the newest reminder run started and finished, leaving other kinds of run (the admin digest) out', async () => {
    const handler = new ReminderRunFactsHandler(
      reminderRunStatus([
        { kind: 'reminder-run', startedAt: '2027-03-09T08:00:00.000Z', finishedAt: '2027-03-09T08:05:00.000Z' },
        { kind: 'reminder-run', startedAt: '2027-03-10T08:00:00.000Z', finishedAt: null },
        { kind: 'admin-digest', startedAt: '2027-03-11T07:00:00.000Z', finishedAt: '2027-03-11T07:01:00.000Z' },
      ]),
    );
    // A run still going: the status rule sees it started after the last one finished.
    expect(await handler.execute()).toEqual({ lastStartedAt: '2027-03-10T08:00:00.000Z', lastFinishedAt: '2027-03-09T08:05:00.000Z' });
  });

  it('answers nulls before the first reminder run', async () => {
    const handler = new ReminderRunFactsHandler(reminderRunStatus([{ kind: 'reminder-run', startedAt: null, finishedAt: null }]));
    expect(await handler.execute()).toEqual({ lastStartedAt: null, lastFinishedAt: null });
  });
});
