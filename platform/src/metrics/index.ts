export * from './postgres-gauge';
