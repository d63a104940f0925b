import type { LoggerService } from '@nestjs/common';
import { shutdownTracing } from '../tracing/tracing';

/**
 * On SIGTERM or SIGINT: run `stop` (stop taking work, finish what is in flight, drain NATS, close pools), flush the
 * spans still batched, and exit 0; exit 1 if that takes longer than `timeoutMs` (the orchestrator would SIGKILL the
 * process soon after anyway) or fails. Used by every service and the gateway instead of Nest's shutdown hooks,
 * which neither bound the time nor flush traces.
 */
export function stopOnSignals(stop: () => Promise<void>, options: { timeoutMs: number; logger: LoggerService }): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.logger.log({ msg: 'stopping', signal, timeoutMs: options.timeoutMs });
    const deadline = setTimeout(() => {
      options.logger.error({ msg: 'graceful stop took too long; exiting', timeoutMs: options.timeoutMs });
      void shutdownTracing().finally(() => process.exit(1));
    }, options.timeoutMs);
    deadline.unref();
    void stop()
      .then(
        () => 0,
        (e: unknown) => {
          options.logger.error({ msg: 'graceful stop failed', error: (e as Error).message });
          return 1;
        },
      )
      .then(async (code) => {
        options.logger.log({ msg: 'stopped', code });
        await shutdownTracing();
        process.exit(code);
      });
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}
