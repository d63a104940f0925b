export * from './kit';
export * from './postcode';
export * from './ambulance-service-detection';
export * from './availability';
export * from './registration.rules';
export * from './expiry';
export * from './verification';
export * from './finder-display';
