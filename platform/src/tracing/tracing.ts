import type * as AutoInstrumentations from '@opentelemetry/auto-instrumentations-node';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as SdkNode from '@opentelemetry/sdk-node';
import type { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

/**
 * Call first in main.ts, before Nest, Express or pg are loaded, so their instrumentations hook in.
 * Exports over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise tracing costs nothing (the SDK is
 * not even loaded, so test processes that import the platform pay nothing either).
 */
export function startTracing(serviceName: string): void {
  if (sdk || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof SdkNode;
  const { getNodeAutoInstrumentations } = require('@opentelemetry/auto-instrumentations-node') as typeof AutoInstrumentations;
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      getNodeAutoInstrumentations({
        // File, DNS and socket spans would outnumber the ones that explain a request.
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
      }),
    ],
  });
  sdk.start();
  // A process that simply runs out of work still exports its last spans; a signalled stop calls shutdownTracing().
  process.once('beforeExit', () => void shutdownTracing());
}

/**
 * Flushes the spans still batched in memory and stops the exporter. The graceful stop calls it after the last
 * request has finished (a SIGTERM never reaches `beforeExit`); calling it again, or with tracing off, does nothing.
 */
export async function shutdownTracing(): Promise<void> {
  const running = sdk;
  sdk = undefined;
  if (running) await running.shutdown().catch(() => undefined);
}
