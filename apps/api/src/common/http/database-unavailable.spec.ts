import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  const queryError = (driverError: object) => new QueryFailedError('SELECT 1', [], Object.assign(new Error('x'), driverError));

  it('recognises a server that is down, restarting or cutting connections', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(queryError({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe(true);
    expect(isDatabaseUnavailable(queryError({ code: '57P03', message: 'the database system is starting up' }))).toBe(true);
    expect(isDatabaseUnavailable(queryError({ code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A transaction whose connection the server cut: TypeORM released its runner, the next statement meets that.
    expect(isDatabaseUnavailable(new QueryRunnerAlreadyReleasedError())).toBe(true);
  });

  it('leaves wrong queries and other errors alone', () => {
    expect(isDatabaseUnavailable(queryError({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBe(false);
    expect(isDatabaseUnavailable(queryError({ code: '42P01', message: 'relation "x" does not exist' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
