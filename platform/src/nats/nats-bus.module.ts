import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NatsBus, type NatsBusOptions } from './nats-bus';

/** Provides the process's NatsBus (for requests to other contexts) and drains it at shutdown. */
@Global()
@Module({})
export class NatsBusModule implements OnApplicationShutdown {
  constructor(@Inject(NatsBus) private readonly bus: NatsBus) {}

  static forRoot(options: NatsBusOptions): DynamicModule {
    return { module: NatsBusModule, providers: [{ provide: NatsBus, useFactory: () => new NatsBus(options) }], exports: [NatsBus] };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
  }
}
