import { Injectable, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { type HealthCheckResult, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { Gauge } from 'prom-client';
import { metricsRegistry } from './metrics';

/** One dependency a process needs before it takes traffic: true when it answers. */
export type ReadinessCheck = () => boolean | Promise<boolean>;

export type ReadinessReport = { ready: boolean; body: HealthCheckResult };

const CHECK_TIMEOUT_MS = 1500;

/** The readiness of this process (a test process running several contexts holds several). */
const running = new Set<Readiness>();

/** What /readyz answers, for Prometheus: an alert sees a service with no ready replica (geo-search loading its index). */
new Gauge({
  name: 'bk_ready',
  help: '1 when this process is ready to take traffic (every readiness check up), 0 when not',
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    if (running.size === 0) return;
    const reports = await Promise.all([...running].map((r) => r.report().catch(() => ({ ready: false }))));
    this.set(reports.every((r) => r.ready) ? 1 : 0);
  },
});

/**
 * What this process must reach before it takes traffic. The platform registers NATS, the database and Redis where
 * a process uses them; a context adds its own (geo-search: its first index). Evaluated with @nestjs/terminus, so
 * /readyz answers terminus' report: 200 with every check `up`, else 503 naming the one that is `down`. A process
 * that is stopping reports `shutdown: down` at once, so the orchestrator sends it nothing new.
 */
@Injectable()
export class Readiness implements OnModuleDestroy {
  private readonly checks = new Map<string, ReadinessCheck>();
  private stopping = false;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
  ) {
    running.add(this);
  }

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  onModuleDestroy(): void {
    running.delete(this);
  }

  markStopping(): void {
    this.stopping = true;
    running.delete(this);
  }

  async report(): Promise<ReadinessReport> {
    const fns = [...this.checks].map(([name, check]) => async () => {
      const indicator = this.indicators.check(name);
      try {
        return (await withTimeout(check(), CHECK_TIMEOUT_MS)) ? indicator.up() : indicator.down();
      } catch (e) {
        return indicator.down({ message: (e as Error).message });
      }
    });
    if (this.stopping) fns.push(async () => this.indicators.check('shutdown').down({ message: 'stopping' }));
    try {
      return { ready: true, body: await this.health.check(fns) };
    } catch (e) {
      if (e instanceof ServiceUnavailableException) return { ready: false, body: e.getResponse() as HealthCheckResult };
      throw e;
    }
  }
}

function withTimeout<T>(value: T | Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    Promise.resolve(value).then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
