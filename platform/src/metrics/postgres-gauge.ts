import { Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { metricsRegistry } from '../health/metrics';

/**
 * Figures read from Postgres when Prometheus scrapes, not counted in memory: they survive a restart, and every
 * replica reports the same truth. The context's DataSource is handed over by its HealthModule; a test process
 * running several contexts hands over several, all on one database (schemas are named in each query).
 */
const databases = new Set<DataSource>();
const logger = new Logger('PostgresGauge');

export function observeDatabase(dataSource: DataSource): void {
  databases.add(dataSource);
}

function database(): DataSource | null {
  for (const db of databases) if (db.isInitialized) return db;
  return null;
}

export type GaugeSample = { labels?: Record<string, string>; value: number };

/**
 * A gauge whose samples a query answers at each scrape. A failing query leaves the gauge without samples (an alert
 * on `absent()` notices) and is logged once until it answers again. Without a database the gauge stays empty.
 */
export function postgresGauge(options: { name: string; help: string; labelNames?: string[]; read(db: DataSource): Promise<GaugeSample[]> }): Gauge {
  let failing = false;
  return new Gauge({
    name: options.name,
    help: options.help,
    labelNames: options.labelNames ?? [],
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const db = database();
      if (!db) return;
      try {
        for (const sample of await options.read(db)) this.set(sample.labels ?? {}, sample.value);
        failing = false;
      } catch (e) {
        if (!failing) logger.warn({ msg: `${options.name}: query failed; no samples until it answers`, error: (e as Error).message });
        failing = true;
      }
    },
  });
}

/**
 * One query shared by the gauges of a scrape: prom-client collects every metric of a scrape at once, so the gauges
 * reading the same figures share the query in flight; the next scrape asks again.
 */
export function sharedRead<T>(read: (db: DataSource) => Promise<T>): (db: DataSource) => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return (db) => {
    if (!inFlight) {
      const reading = read(db);
      inFlight = reading;
      const settle = () => {
        if (inFlight === reading) inFlight = null;
      };
      reading.then(settle, settle);
    }
    return inFlight;
  };
}

/** Seconds since the epoch of a timestamp from Postgres (a Date or its text), the unit Prometheus compares with time(). */
export function epochSeconds(at: Date | string): number {
  return new Date(at).getTime() / 1000;
}
