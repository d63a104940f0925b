/**
 * A queued job that cannot run however often it is tried (no such job, a job not yet sealed, no readable file):
 * its worker fails it at once instead of retrying.
 */
export class JobCannotRun extends Error {}
