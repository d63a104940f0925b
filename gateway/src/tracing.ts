// Loaded first by main.ts so OpenTelemetry hooks http, express and pg before they are required.
import { startTracing } from '@bleedkits/platform/tracing';
startTracing('gateway');
