import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
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

describe(FinderRequestMetrics.name, () => {
  it('counts each finished answer by route and status and times it, once however often the answer emits finish', async () => {
    const route = `/api/bleed-kits/nearby-metrics-spec`;
    const metrics = new FinderRequestMetrics();
    const ok = answered(200);
    metrics.observe('GET', route, ok);
    ok.emit('finish');
    ok.emit('finish');
    const refused = answered(400);
    metrics.observe('GET', route, refused);
    refused.emit('finish');
    metrics.observe('GET', route, answered(200)); // not finished yet: not counted
    expect(await countOf(route, '200')).toBe(1);
    expect(await countOf(route, '400')).toBe(1);
    expect(await timedOf(route)).toBe(2);
  });
});
