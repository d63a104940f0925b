export * from './postcode-lookup.port';
export * from './postcodes-io.client';
