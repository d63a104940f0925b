export * from './queue.module';
export * from './queue-worker';
export * from './queue-metrics';
export * from './redis-connection';
export * from './typed-queue';
