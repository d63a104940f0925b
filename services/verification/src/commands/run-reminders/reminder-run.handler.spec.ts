import { type SendEmailRequest, addCalendarDays, londonToday } from '@bleedkits/contracts';
import type { ProjectedKit } from '../../domain/projected-kit';
import type { KitReminder, OwedWindow, ReminderRunRepository } from '../../database/reminder-run.repository';
import type { EmailOutbox } from '../../providers/email-outbox/email-outbox.port';
import type { VerificationEnv } from '../../config/env';
import { ReminderRunHandler, runBatch } from './reminder-run.handler';

const NOW = new Date('2026-03-10T09:00:00Z');
const TODAY = londonToday(NOW);

function kit(id: number, custodianEmail: string, due: string): ProjectedKit {
  return {
    id,
    revision: id,
    serialNumber: `SN-${id}`,
    locationName: `Hall ${id}`,
    addressLine1: '1 High Street',
    city: 'Leeds',
    postcode: 'LS1 1AA',
    custodianName: 'Pat Custodian',
    custodianEmail,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastVerifiedAt: null,
    nextVerificationDue: due,
    deploymentStatus: 'available',
    deploymentNotes: null,
    deploymentChangedAt: null,
    tourniquetExpiry: null,
    dressingsExpiry: null,
  };
}

/** The run's storage, replaced: kits, the reminders recorded per kit, cycle and kind, and the run's row. */
function runStore(kits: ProjectedKit[]) {
  const reminded = new Map<string, string>(); // `${kitId}|${dueDay}|${kind}` → runId
  const sent = new Map<string, string>(); // key → runId
  const rows = new Map<string, { status: string; custodians: number; attempts: number; error?: string }>();
  const kindOf = (k: ProjectedKit, w: OwedWindow) => (k.nextVerificationDue < w.today ? 'verification_overdue' : 'verification_reminder');
  const owed = (w: OwedWindow) =>
    kits.filter((k) => k.nextVerificationDue <= w.dueUpTo && !reminded.has(`${k.id}|${k.nextVerificationDue}|${kindOf(k, w)}`));
  const repo = {
    start: jest.fn(async (runId: string) => {
      const row = rows.get(runId);
      rows.set(runId, { status: 'running', custodians: row?.custodians ?? 0, attempts: (row?.attempts ?? 0) + 1 });
    }),
    progress: jest.fn(async (runId: string, p: { custodians?: number }) => {
      if (p.custodians !== undefined) rows.get(runId)!.custodians = p.custodians;
    }),
    finish: jest.fn(async (runId: string) => void (rows.get(runId)!.status = 'done')),
    fail: jest.fn(async (runId: string, error: string) => void Object.assign(rows.get(runId)!, { status: 'failed', error })),
    custodiansDone: jest.fn(async (runId: string) => [...sent.values()].filter((r) => r === runId).length),
    owedCustodianCount: jest.fn(async (w: OwedWindow) => new Set(owed(w).map((k) => k.custodianEmail.toLowerCase())).size),
    owedCustodians: jest.fn(async (w: OwedWindow, after: string, limit: number) =>
      [...new Set(owed(w).map((k) => k.custodianEmail.toLowerCase()))]
        .sort()
        .filter((e) => e > after)
        .slice(0, limit),
    ),
    owedKits: jest.fn(async (w: OwedWindow, custodian: string) =>
      owed(w)
        .filter((k) => k.custodianEmail.toLowerCase() === custodian)
        .sort((a, b) => a.nextVerificationDue.localeCompare(b.nextVerificationDue) || a.id - b.id),
    ),
    recordReminded: jest.fn(async (e: { runId: string; idempotencyKey: string; kits: KitReminder[] }) => {
      sent.set(e.idempotencyKey, e.runId);
      for (const k of e.kits) reminded.set(`${k.kitId}|${k.dueDay}|${k.kind}`, e.runId);
    }),
  };
  return { repo, rows, reminded };
}

function outboxDouble() {
  const byKey = new Map<string, SendEmailRequest>();
  const outbox = {
    failFor: new Set<string>(),
    send: jest.fn(async (req: SendEmailRequest) => {
      if (outbox.failFor.has(req.to)) throw new Error('notifications did not answer');
      const created = !byKey.has(req.idempotencyKey);
      byKey.set(req.idempotencyKey, req);
      return { messageId: `m-${req.idempotencyKey}`, status: 'queued' as const, created };
    }),
  };
  return { outbox, byKey };
}

describe(ReminderRunHandler.name, () => {
  const env = { PUBLIC_BASE_URL: 'https://register.example/' } as VerificationEnv;
  const setup = (kits: ProjectedKit[]) => {
    const store = runStore(kits);
    const o = outboxDouble();
    const handler = new ReminderRunHandler(
      store.repo as unknown as ReminderRunRepository,
      o.outbox as unknown as EmailOutbox,
      { now: () => NOW },
      env,
    );
    return { ...store, ...o, handler };
  };
  const overdue = addCalendarDays(TODAY, -4);
  const dueSoon = addCalendarDays(TODAY, 12);

  it('sends one e-mail per custodian: a digest for many kits, the spec e-mail for one, all in the run’s batch', async () => {
    const kits = [
      ...Array.from({ length: 60 }, (_, i) => kit(i + 1, i % 2 ? 'Kits@Council.example' : 'kits@council.example', overdue)),
      kit(100, 'solo@example.org', dueSoon),
      kit(101, 'later@example.org', addCalendarDays(TODAY, 45)),
    ];
    const { handler, byKey, rows } = setup(kits);
    expect(await handler.execute({ runId: 'run-1', requestedBy: 'admin', lastAttempt: false })).toEqual({
      custodians: 2,
      emails: 2,
      kits: 61,
      failed: 0,
    });
    const mails = [...byKey.values()];
    expect(mails.map((m) => m.templateId).sort()).toEqual(['verification_overdue_digest', 'verification_reminder']);
    const digest = mails.find((m) => m.templateId === 'verification_overdue_digest')!;
    expect(digest.variables).toMatchObject({
      kitCount: 60,
      overdueCount: 60,
      moreCount: 10,
      dueKitsUrl: 'https://register.example/dashboard?verification=due',
    });
    expect(digest.variables.kits).toHaveLength(50);
    expect((digest.variables.kits as string[])[0]).toBe(
      `SN-1 – Hall 1, 1 High Street, Leeds LS1 1AA – due ${overdue.slice(8, 10)}/${overdue.slice(5, 7)}/${overdue.slice(0, 4)}, 4 days overdue – check it: https://register.example/dashboard?verify=1`,
    );
    expect(digest.custodianKitIds).toHaveLength(50);
    expect(mails.every((m) => m.batch === runBatch('run-1'))).toBe(true);
    expect(rows.get('run-1')).toMatchObject({ status: 'done', custodians: 2 });
  });

  it('names nothing twice in a cycle: a second run owes no one, a resumed run hands the outbox the same key', async () => {
    const { handler, outbox, byKey } = setup([kit(1, 'a@example.org', overdue), kit(2, 'a@example.org', overdue)]);
    await handler.execute({ runId: 'run-1', requestedBy: 'schedule', lastAttempt: false });
    expect(await handler.execute({ runId: 'run-2', requestedBy: 'admin', lastAttempt: false })).toEqual({
      custodians: 0,
      emails: 0,
      kits: 0,
      failed: 0,
    });
    expect(outbox.send).toHaveBeenCalledTimes(1);
    expect([...byKey.keys()][0]).toMatch(/^verification_digest:run:run-1:to:[0-9a-f]{32}$/);
  });

  it('tries every custodian, then throws for a retry; the last attempt marks the run failed', async () => {
    const { handler, outbox, rows, byKey } = setup([kit(1, 'down@example.org', overdue), kit(2, 'up@example.org', overdue)]);
    outbox.failFor.add('down@example.org');
    await expect(handler.execute({ runId: 'run-1', requestedBy: 'admin', lastAttempt: false })).rejects.toThrow(/1 custodians' reminders/);
    expect(rows.get('run-1')!.status).toBe('running');
    expect([...byKey.values()].map((m) => m.to)).toEqual(['up@example.org']);
    await expect(handler.execute({ runId: 'run-1', requestedBy: 'admin', lastAttempt: true })).rejects.toThrow();
    expect(rows.get('run-1')).toMatchObject({ status: 'failed', attempts: 2 });
    outbox.failFor.clear();
    await handler.execute({ runId: 'run-1', requestedBy: 'admin', lastAttempt: true });
    expect([...byKey.values()].map((m) => m.to).sort()).toEqual(['down@example.org', 'up@example.org']);
  });
});
