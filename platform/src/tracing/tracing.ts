import { NodeSDK } from '@opentelemetry/sdk-node';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';

let sdk: NodeSDK | undefined;

/**
 * Call first in main.ts, before Nest, Express or pg are loaded, so their instrumentations hook in.
 * Exports over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is set; otherwise tracing costs nothing.
 */
export function startTracing(serviceName: string): void {
  if (sdk || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  sdk = new NodeSDK({
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [getNodeAutoInstrumentations({ '@opentelemetry/instrumentation-fs': { enabled: false } })],
  });
  sdk.start();
  process.once('beforeExit', () => void sdk?.shutdown());
}
