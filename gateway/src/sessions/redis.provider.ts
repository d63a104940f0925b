export const REDIS_CLIENT = Symbol('REDIS_CLIENT');
export const SESSION_STORE = Symbol('SESSION_STORE');
