import { isDatabaseUnavailable } from './database-unavailable';

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
/** TypeORM's QueryFailedError keeps pg's error as driverError. */
const wrapped = (driverError: Error) => Object.assign(new Error(driverError.message), { driverError });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['starting up', pgError('57P03', 'the database system is starting up')],
    ['shutting down', pgError('57P03', 'the database system is shutting down')],
    ['terminated by an administrator', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['a connection exception', pgError('08006', 'connection failure')],
    ['the connection dropped', new Error('Connection terminated unexpectedly')],
    ['the connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['wrapped by TypeORM', wrapped(pgError('57P03', 'the database system is not yet accepting connections'))],
  ])('is true for Postgres %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bad uuid', pgError('22P02', 'invalid input syntax for type uuid: "nope"')],
    ['a unique violation', wrapped(pgError('23505', 'duplicate key value violates unique constraint'))],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
