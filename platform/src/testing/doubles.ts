import { CodedError, ErrorCode, type ServiceErrorBody } from '@bleedkits/contracts';
import { Clock } from '../clock/clock';
import { RemoteCallError } from '../errors/service-error';
import type { NatsBus } from '../nats/nats-bus';

/**
 * The doubles that handler specs share (CONVENTIONS: "a handler with its ports replaced"). Each keeps what the
 * handler did so a spec asserts the outcome (what was queued, sent, refused), not only that something was called.
 * The real adapters are covered by the integration specs.
 */

/**
 * The one test clock: a `Clock` a spec moves. It either stands still (`fixedClock`: a handler spec's "now") or runs
 * with the real time shifted (`runningClock`: a service under test whose timers and the peers' clocks keep going).
 */
export class TestClock extends Clock {
  private constructor(
    private readonly base: () => number,
    private offsetMs: number,
  ) {
    super();
  }

  /** Stands still at `at` until moved. */
  static fixed(at: Date | string): TestClock {
    const start = new Date(at).getTime();
    return new TestClock(() => start, 0);
  }

  /** Runs with the real time, `offsetMs` ahead (behind when negative). */
  static running(offsetMs = 0): TestClock {
    return new TestClock(Date.now, offsetMs);
  }

  now(): Date {
    return new Date(this.base() + this.offsetMs);
  }

  /** Now is `to` (a running clock runs on from there). */
  set(to: Date | string): void {
    this.offsetMs = new Date(to).getTime() - this.base();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advance(days * 86_400_000);
  }
}

/** A clock that stands still until a spec moves it. */
export const fixedClock = (at: Date | string = '2027-03-10T12:00:00Z'): TestClock => TestClock.fixed(at);

/** A clock that runs with the real time, shifted by what a spec moves it. */
export const runningClock = (offsetMs = 0): TestClock => TestClock.running(offsetMs);

export type QueuedJob<T = unknown> = { name: string; data: T; jobId: string | undefined; state: string };

/**
 * A BullMQ queue as a handler uses it (add, getJob, a job's getState and remove). Like BullMQ, adding a job
 * whose id is already live adds nothing. `failWith` makes every add fail (Redis unreachable).
 */
export function recordingQueue<T = unknown>(options: { failWith?: Error } = {}) {
  const jobs: QueuedJob<T>[] = [];
  const live = (id: string | undefined) => (id === undefined ? undefined : jobs.find((j) => j.jobId === id));
  const handle = (job: QueuedJob<T>) => ({
    id: job.jobId,
    name: job.name,
    data: job.data,
    getState: async () => job.state,
    remove: async () => void jobs.splice(jobs.indexOf(job), 1),
  });
  const queue = {
    async add(name: string, data: T, opts: { jobId?: string } = {}) {
      if (options.failWith) throw options.failWith;
      const existing = live(opts.jobId);
      if (existing) return handle(existing);
      const job: QueuedJob<T> = { name, data, jobId: opts.jobId, state: 'waiting' };
      jobs.push(job);
      return handle(job);
    },
    async getJob(id: string) {
      const job = live(id);
      return job ? handle(job) : undefined;
    },
  };
  /** Moves a job on, as a worker would (completed, failed, active). */
  const settle = (jobId: string, state: string) => {
    const job = live(jobId);
    if (!job) throw new Error(`no job ${jobId}`);
    job.state = state;
  };
  return { jobs, settle, queue };
}

export type OutboxRequest = { idempotencyKey: string; templateId: string; to: string; variables?: Record<string, unknown> };

/**
 * An e-mail outbox keyed by idempotency key, as the register's outbox behaves: the first request with a key is
 * stored and answered `created: true`, a repeat answers the stored message with `created: false`. `refuseWith`
 * makes every send fail with that error (the outbox unreachable or refusing).
 */
export function recordingOutbox<R extends OutboxRequest = OutboxRequest>(
  options: {
    refuseWith?: Error;
    preview?: (templateId: string, variables: Record<string, unknown>) => { subject: string; text: string; html: string };
  } = {},
) {
  const sent: (R & { messageId: string })[] = [];
  let next = 0;
  const outbox = {
    async send(request: R) {
      if (options.refuseWith) throw options.refuseWith;
      const existing = sent.find((m) => m.idempotencyKey === request.idempotencyKey);
      if (existing) return { messageId: existing.messageId, status: 'queued' as const, created: false };
      const messageId = `message-${++next}`;
      sent.push({ ...request, messageId });
      return { messageId, status: 'queued' as const, created: true };
    },
    async preview(templateId: string, variables: Record<string, unknown>) {
      if (!options.preview) throw new Error('this outbox double has no preview');
      return options.preview(templateId, variables);
    },
  };
  return { sent, outbox };
}

/**
 * The bus as a handler asks it: each subject answered by a function of the request (or its error thrown); a
 * subject with no answer is refused as unreachable, as NatsBus reports a timeout. Every request and its timeout
 * is kept, so a spec can check that none waits forever.
 */
export function answeringBus(answers: Record<string, (data: unknown) => unknown>) {
  const requests: { subject: string; data: unknown; timeoutMs: number | undefined }[] = [];
  const bus = {
    async request(subject: string, data: unknown, timeoutMs?: number) {
      requests.push({ subject, data, timeoutMs });
      const answer = answers[subject];
      if (!answer) throw new RemoteCallError({ code: ErrorCode.ServiceUnavailable, message: `${subject} did not answer` }, subject);
      return answer(data);
    },
  };
  return { requests, bus: bus as unknown as NatsBus };
}

/** The coded body a handler refused with; fails the spec if it succeeded or failed with something uncoded. */
export async function codedRefusal(call: Promise<unknown>): Promise<ServiceErrorBody> {
  try {
    await call;
  } catch (e) {
    if (e instanceof CodedError) return e.body;
    throw e;
  }
  throw new Error('expected the handler to refuse');
}
