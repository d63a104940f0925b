import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { Readiness } from './readiness';

/**
 * Readiness for any process (services through HealthModule, the gateway directly). Terminus' own error log is off:
 * an orchestrator asks every few seconds, and a dependency that is down is already logged where it is used.
 */
@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  providers: [Readiness],
  exports: [Readiness],
})
export class ProbesModule {}
