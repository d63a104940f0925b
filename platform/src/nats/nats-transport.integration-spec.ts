import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ErrorCode } from '@bleedkits/contracts';
import { RemoteCallError } from '../errors/service-error';
import { type TestNatsServer, rejection, startProbeListener, startTestNatsServer } from '../testing';
import type { NatsBus } from './nats-bus';
import { PreSerialisedJson } from './nats-transport';

@Controller()
class ProbeController {
  @MessagePattern('probe.qry.page.v1')
  page(): PreSerialisedJson {
    return new PreSerialisedJson('{"changes":[{"revision":7,"label":"Ynys Môn"}],"hasMore":false}');
  }

  @MessagePattern('probe.qry.async-page.v1')
  async asyncPage(): Promise<PreSerialisedJson> {
    await new Promise((r) => setTimeout(r, 5));
    return new PreSerialisedJson('[1,2,3]');
  }

  @MessagePattern('probe.qry.huge.v1')
  huge(): { text: string } {
    return { text: 'x'.repeat(2 * 1024 * 1024) };
  }

  @MessagePattern('probe.qry.plain.v1')
  plain(): { ok: boolean } {
    return { ok: true };
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('the NATS transport every service listens with', () => {
  let nats: TestNatsServer;
  let service: INestMicroservice;
  let bus: NatsBus;

  beforeAll(async () => {
    nats = await startTestNatsServer();
    ({ service, bus } = await startProbeListener(ProbeModule, nats.url, { subject: 'probe.qry.plain.v1', request: {} }));
  });

  afterAll(async () => {
    await bus?.close();
    await service?.close();
    await nats?.stop();
  });

  it('sends a pre-serialised answer as it is, inside the reply envelope callers read', async () => {
    expect(await bus.request('probe.qry.page.v1', {})).toEqual({ changes: [{ revision: 7, label: 'Ynys Môn' }], hasMore: false });
    expect(await bus.request('probe.qry.async-page.v1', {})).toEqual([1, 2, 3]);
    expect(await bus.request('probe.qry.plain.v1', {})).toEqual({ ok: true });
  });

  it('answers a coded error for a reply over the NATS payload limit, and keeps serving', async () => {
    const error = await rejection(bus.request('probe.qry.huge.v1', {}));
    expect(error).toBeInstanceOf(RemoteCallError);
    expect((error as RemoteCallError).body).toMatchObject({ code: ErrorCode.Internal, message: 'The answer could not be sent (too large)' });
    expect(await bus.request('probe.qry.plain.v1', {})).toEqual({ ok: true });
  });
});
