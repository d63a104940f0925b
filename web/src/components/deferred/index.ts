export { deferred, whenIdleAfterLoad, type DeferredComponent } from './deferred';
