import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { httpLatency, httpRequests } from '@bleedkits/platform';
import { FinderRequestMetrics } from './finder-request-metrics';

/** A finished answer as the metrics see it: its status, then Node's 'finish'. */
function answered(status: number): ServerResponse {
  const res = Object.assign(new EventEmitter(), { statusCode: status });
  return res as unknown as ServerResponse;
}

const countOf = async (route: string, status: string) =>
  (await httpRequests.get()).values.find((v) => v.labels.route === route && v.labels.status === status)?.value ?? 0;
const timedOf = async (route: string) =>
  (await httpLatency.get()).values.find((v) => v.labels.route === route && v.metricName === 'bk_http_request_seconds_count')?.value ?? 0;

const req = { method: 'GET', url: '/api/bleed-kits/nearby?lat=bad' } as IncomingMessage;

describe(FinderRequestMetrics.name, () => {
  it('counts each finished answer by route and status and times it, once however often the answer emits finish', async () => {
    const route = `/api/bleed-kits/nearby-metrics-spec`;
    const metrics = new FinderRequestMetrics();
    const ok = answered(200);
    metrics.observe('GET', route, req, ok);
    ok.emit('finish');
    ok.emit('finish');
    const refused = answered(400);
    metrics.observe('GET', route, req, refused);
    refused.emit('finish');
    metrics.observe('GET', route, req, answered(200)); // not finished yet: not counted
    expect(await countOf(route, '200')).toBe(1);
    expect(await countOf(route, '400')).toBe(1);
    expect(await timedOf(route)).toBe(2);
  });

  it('counts an answer already written without waiting for finish (a kept answer)', async () => {
    const route = `/api/bleed-kits/public-metrics-spec`;
    new FinderRequestMetrics().answered('GET', route, req, 304, performance.now());
    expect(await countOf(route, '304')).toBe(1);
    expect(await timedOf(route)).toBe(1);
  });

  it('hands only the failed answers to the failure log, with their status and time', () => {
    const failures: [string | undefined, number, number][] = [];
    const metrics = new FinderRequestMetrics((r, status, ms) => failures.push([r.url, status, ms]));
    const route = `/api/bleed-kits/nearby-failures-spec`;
    for (const status of [200, 304, 400, 503]) {
      const res = answered(status);
      metrics.observe('GET', route, req, res, performance.now() - 5);
      res.emit('finish');
    }
    metrics.answered('GET', route, req, 200, performance.now());
    expect(failures.map(([url, status]) => [url, status])).toEqual([
      [req.url, 400],
      [req.url, 503],
    ]);
    expect(failures.every(([, , ms]) => ms >= 5)).toBe(true);
  });
});
