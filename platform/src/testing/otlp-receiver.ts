import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One span as an OTLP/HTTP JSON export carries it, with the exporting process's service.name. */
export type ReceivedSpan = {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  kind: number;
  status: { code?: number; message?: string };
  attributes: Record<string, unknown>;
};

export type OtlpReceiver = {
  /** Base URL to put in OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  url: string;
  spans(): ReceivedSpan[];
  close(): Promise<void>;
};

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        kind: number;
        status?: { code?: number; message?: string };
        attributes?: KeyValue[];
      }[];
    }[];
  }[];
};

/** Ids arrive as hex in OTLP/JSON; an exporter configured for base64 would send that instead. */
function hexId(id: string | undefined, bytes: number): string {
  if (!id) return '';
  return id.length === bytes * 2 ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue]));
}

/**
 * A real OTLP/HTTP trace receiver on loopback (what a collector's `otlp` receiver speaks, JSON encoding): processes
 * under test export to it with OTEL_EXPORTER_OTLP_ENDPOINT, and the test reads the spans they sent.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        let body = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        if (!String(req.headers['content-type']).includes('json')) throw new Error(`unsupported content type ${req.headers['content-type']}`);
        const exported = JSON.parse(body.toString('utf8')) as ExportRequest;
        for (const rs of exported.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              received.push({
                service,
                name: s.name,
                traceId: hexId(s.traceId, 16),
                spanId: hexId(s.spanId, 8),
                parentSpanId: hexId(s.parentSpanId, 8),
                kind: s.kind,
                status: s.status ?? {},
                attributes: attributesOf(s.attributes),
              });
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (e) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (e as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
