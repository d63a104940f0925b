/**
 * SQLSTATEs of a database that is going or coming back: class 08 (connection exception) and 57P01–57P03
 * (terminated by an administrator, crash shutdown, cannot connect now: "the database system is starting up").
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
/** What pg and Node say when the connection itself is gone or refused (no SQLSTATE). */
const UNAVAILABLE_MESSAGE = /Connection terminated|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|timeout exceeded when trying to connect/;

/**
 * True when a failure is Postgres being away for a moment (restarting, failing over, unreachable), not a fault of the
 * request or of the code: such a failure is answered 503 (ask again), never 500, and never read as "not found".
 * Reads the SQLSTATE of a pg error, or of the one TypeORM wraps (QueryFailedError.driverError).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (typeof code === 'string' && UNAVAILABLE_MESSAGE.test(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}
