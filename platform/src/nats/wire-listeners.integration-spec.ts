import { type INestMicroservice, Injectable, Module } from '@nestjs/common';
import { ErrorCode, type Kit } from '@bleedkits/contracts';
import { KitsSubjects, type WireRequest } from '@bleedkits/contracts/wire';
import { ServiceError, RemoteCallError } from '../errors/service-error';
import { type TestNatsServer, rejection, startProbeListener, startTestNatsServer } from '../testing';
import { Handles } from './handles';
import type { NatsBus } from './nats-bus';
import { withWireListeners } from './wire-listeners';

/** A handler as a context writes one: a provider whose methods carry @Handles, with no controller beside it. */
@Injectable()
class ProbeStatusHandler {
  readonly calls: unknown[][] = [];

  @Handles(KitsSubjects.approve)
  @Handles(KitsSubjects.reject)
  async decide(...args: [WireRequest<typeof KitsSubjects.approve>]): Promise<Kit> {
    this.calls.push(args);
    if (args[0].kitId === 'missing') throw ServiceError.notFound('No such kit');
    return { id: Number(args[0].kitId) } as Kit;
  }

  /** Not marked: no subject reaches it. */
  async helper(): Promise<void> {}
}

@Module({})
class ProbeModule {
  static forRoot() {
    return withWireListeners({ module: ProbeModule, providers: [ProbeStatusHandler] });
  }
}

describe('the listeners made for handlers (withWireListeners)', () => {
  let nats: TestNatsServer;
  let service: INestMicroservice;
  let bus: NatsBus;
  const admin = { id: 'a1', role: 'admin' as const, email: 'admin@example.org' };

  beforeAll(async () => {
    nats = await startTestNatsServer();
    ({ service, bus } = await startProbeListener(ProbeModule.forRoot(), nats.url, {
      subject: KitsSubjects.approve,
      request: { actor: admin, kitId: 0 },
    }));
  });

  afterAll(async () => {
    await bus?.close();
    await service?.close();
    await nats?.stop();
  });

  beforeEach(() => {
    service.get(ProbeStatusHandler).calls.length = 0;
  });

  it('hands each subject of a method its request unchanged, and nothing else, and answers what the method answers', async () => {
    expect(await bus.request(KitsSubjects.approve, { actor: admin, kitId: 7 })).toEqual({ id: 7 });
    expect(await bus.request(KitsSubjects.reject, { actor: admin, kitId: '8', note: 'kept' } as never)).toEqual({ id: 8 });
    expect(service.get(ProbeStatusHandler).calls).toEqual([[{ actor: admin, kitId: 7 }], [{ actor: admin, kitId: '8', note: 'kept' }]]);
  });

  it("sends a handler's coded error as it is, and refuses a malformed request before the handler runs", async () => {
    const missing = await rejection(bus.request(KitsSubjects.approve, { actor: admin, kitId: 'missing' }));
    expect((missing as RemoteCallError).body).toMatchObject({ code: ErrorCode.NotFound, message: 'No such kit' });
    const malformed = await rejection(bus.request(KitsSubjects.approve, { kitId: 7 } as never));
    expect((malformed as RemoteCallError).body).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: `Malformed request to ${KitsSubjects.approve}`,
    });
    expect(service.get(ProbeStatusHandler).calls).toEqual([[{ actor: admin, kitId: 'missing' }]]);
  });
});
