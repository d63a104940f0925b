export * from './option';
export * from './make';
export * from './location-type';
export * from './ambulance-service';
export * from './deployment-status';
export * from './kit-status';
export * from './role';
