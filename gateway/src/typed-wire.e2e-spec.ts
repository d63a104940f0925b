import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Actor, ErrorCode, FinderMessages, type ServiceContext, type VerificationReportName } from '@bleedkits/contracts';
import {
  BackupsSubjects,
  GeoSearchSubjects,
  IdentitySubjects,
  ImportsSubjects,
  NotificationsSubjects,
  VerificationSubjects,
  BackupsWire,
  GeoSearchWire,
  IdentityWire,
  ImportsWire,
  NotificationsWire,
  VerificationWire,
  Wire,
  type WireSubject,
} from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { rejection } from '@bleedkits/platform/testing';
import { type Stack, startStack } from '../test/stack-harness';

const NOWHERE = 'http://127.0.0.1:9';

/** The typed wire of every context but kits (services/kits/src/typed-wire.integration-spec.ts covers that one). */
const WIRES: [ServiceContext, object][] = [
  ['identity', IdentityWire],
  ['verification', VerificationWire],
  ['imports', ImportsWire],
  ['notifications', NotificationsWire],
  ['backups', BackupsWire],
  ['geo-search', GeoSearchWire],
];
const SUBJECTS = WIRES.flatMap(([context, wire]) => Object.keys(wire).map((subject) => [subject as WireSubject, context] as const));

/** Payloads no subject accepts; `{}` and a wrong actor too for every subject that needs any key. */
const malformedFor = (subject: WireSubject): unknown[] => [
  'send an e-mail',
  [1, 2, 3],
  42,
  ...(Wire[subject].check.safeParse({}).success ? [] : [{}, { actor: 'admin', userId: { id: 1 } }]),
];

/**
 * Acceptance (issue 9, "One wire, one shape"): every context checks a request to any of its subjects on receipt.
 * A malformed payload is refused with a coded 400 naming the subject before a handler can crash on it; a
 * well-formed one still reaches its handler, which applies its own rules and messages. Real services on a real
 * NATS: the contexts of the stack, talked to directly on the bus.
 */
describe('every context checks every request on receipt (typed wire)', () => {
  let stack: Stack;
  let bus: NatsBus;
  const dir = mkdtempSync(path.join(tmpdir(), 'bk-typed-wire-'));
  const admin: Actor = { id: randomUUID(), role: 'admin', email: 'admin@register.test' };

  beforeAll(async () => {
    stack = await startStack({
      contexts: ['identity', 'kits', 'verification', 'imports', 'notifications', 'backups', 'geo-search'],
      serviceEnv: {
        kits: { POSTCODES_IO_BASE_URL: 'off' },
        imports: { POSTCODES_IO_BASE_URL: 'off' },
        notifications: { OUTBOX_DIR: path.join(dir, 'mail') },
        backups: { BACKUP_DIR: path.join(dir, 'backups'), DROPBOX_API_URL: NOWHERE, DROPBOX_CONTENT_URL: NOWHERE },
      },
    });
    bus = new NatsBus({ servers: stack.nats.url, name: 'typed-wire-probe', requestTimeoutMs: 10_000 });
    await bus.whenConnected();
  }, 120_000);
  afterAll(async () => {
    await bus?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(SUBJECTS)('%s (%s): a malformed payload is a coded 400, not a crash', async (subject) => {
    for (const payload of malformedFor(subject)) {
      const err = await rejection(bus.request<unknown>(subject, payload));
      expect({ payload, code: err.body.code, message: err.body.message }).toEqual({
        payload,
        code: ErrorCode.ValidationFailed,
        message: `Malformed request to ${subject}`,
      });
      expect(err.body.errors?.length).toBeGreaterThan(0);
    }
  });

  it('names what is wrong', async () => {
    const err = await rejection(
      bus.request<unknown>(IdentitySubjects.deleteUser, { actor: { id: 'u1', role: 'owner', email: 'a@b.c' }, userId: 42 }),
    );
    expect(err.body.errors).toEqual([expect.stringMatching(/^actor\.role: /), expect.stringMatching(/^userId: /)]);
  });

  it('a well-formed request still reaches its handler, which applies its own rules', async () => {
    const answers = {
      identity: await rejection(bus.request(IdentitySubjects.getUser, { userId: randomUUID() })),
      verification: await rejection(bus.request(VerificationSubjects.reportPage, { report: 'everything' as VerificationReportName, afterId: 0 })),
      imports: await rejection(bus.request(ImportsSubjects.importStatus, { actor: admin, jobId: randomUUID() })),
      notifications: await rejection(bus.request(NotificationsSubjects.preview, { templateId: 'no_such_template' })),
      'geo-search': await rejection(bus.request(GeoSearchSubjects.what3wordsToCoordinates, { words: '   ' })),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([context, err]) => [context, err.body.code]))).toEqual({
      identity: ErrorCode.NotFound,
      verification: ErrorCode.ValidationFailed,
      imports: ErrorCode.NotFound,
      notifications: ErrorCode.NotFound,
      'geo-search': ErrorCode.ValidationFailed,
    });
    expect(answers.verification.body.errors).toEqual(['report must be one of all, overdue, upcoming']);
    expect(answers['geo-search'].body.errors).toEqual([FinderMessages.emptyWhat3words]);
    expect((await bus.request(BackupsSubjects.list, { page: 1, limit: 10 })).pagination).toMatchObject({ page: 1, pageSize: 10 });
  });
});
