import { AmbulanceFeedSubjects, ApprovedDownloadSubjects } from '../ambulance-feed/subjects';
import {
  BackupsSubjects,
  GeoSearchSubjects,
  IdentitySubjects,
  ImportsSubjects,
  KitsSubjects,
  NotificationsSubjects,
  VerificationSubjects,
  Wire,
  isWireSubject,
  wireRequestProblems,
} from './index';

/** What stays off the typed wire, and why (wire/index.ts): no Nest handler receives it, or nothing answers it. */
const UNTYPED = new Set<string>([
  // raw bytes both ways (requestRaw), answered before Nest
  GeoSearchSubjects.viewport,
  GeoSearchSubjects.nearby,
  GeoSearchSubjects.search,
  GeoSearchSubjects.publicSnapshot,
  GeoSearchSubjects.benchPostgisViewport,
  GeoSearchSubjects.benchPostgisNearby,
  // events
  GeoSearchSubjects.indexChanged,
  KitsSubjects.changed,
]);

describe('the typed wire', () => {
  const contexts = [
    KitsSubjects,
    AmbulanceFeedSubjects,
    ApprovedDownloadSubjects,
    IdentitySubjects,
    VerificationSubjects,
    ImportsSubjects,
    NotificationsSubjects,
    BackupsSubjects,
    GeoSearchSubjects,
  ];

  it('carries every request/reply subject of every context, but the raw ones, events and health probes', () => {
    const subjects = contexts.flatMap((c) => Object.values(c) as string[]);
    const health = new Set(subjects.filter((s) => s.endsWith('.qry.health.v1')));
    expect(subjects.filter((s) => !UNTYPED.has(s) && !health.has(s) && !isWireSubject(s))).toEqual([]);
    expect(Object.keys(Wire).filter((s) => UNTYPED.has(s) || health.has(s))).toEqual([]);
    expect(Object.keys(Wire).sort()).toEqual(subjects.filter((s) => isWireSubject(s)).sort());
  });

  it('checks the envelope and leaves the values the handlers word themselves', () => {
    const actor = { id: 'u1', role: 'admin', email: 'admin@register.test' };
    expect(wireRequestProblems(IdentitySubjects.toggleRole, { actor, userId: 'u2' })).toEqual([]);
    expect(wireRequestProblems(IdentitySubjects.toggleRole, { actorId: 'u1', userId: 'u2' })).toEqual([expect.stringMatching(/^actor: /)]);
    // A password that is not text is the handler's to refuse, with the spec's message (before argon2 runs).
    expect(wireRequestProblems(IdentitySubjects.login, { email: 'a@b.c', password: ['x'] })).toEqual([]);
    expect(
      wireRequestProblems(NotificationsSubjects.updateTemplate, { actor, id: 'password_reset', subject: 1, htmlTemplate: '', textTemplate: '' }),
    ).toEqual([]);
    expect(wireRequestProblems(ImportsSubjects.startCsvUpdates, { actor, jobId: 'j', totalUpdates: '4' })).toEqual([
      expect.stringMatching(/^totalUpdates: /),
    ]);
    expect(wireRequestProblems(VerificationSubjects.runReminders, null)).not.toEqual([]);
  });
});
