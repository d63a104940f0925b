// Test helpers for the integration tiers; never imported by production code.
export * from './free-port';
export * from './nats-server';
export * from './nats-cluster';
export * from './database';
export * from './service-harness';
export * from './test-bed';
export * from './rejection';
export * from './redis';
export * from './service-process';
export * from './otlp-receiver';
export * from './http-peer';
export * from './postcodes-io-peer';
export * from './shared-data';
export * from './doubles';
export * from './wait-for';
export * from './example-registration';
export * from './import-csv';
