import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '../config/load-config.js';
import { databasePoolOptions } from './pool-options.js';

describe('databasePoolOptions', () => {
  it('defaults to 10 connections, a 10 s wait for one and a 30 s statement timeout', () => {
    expect(databasePoolOptions({})).toEqual({
      poolSize: 10,
      extra: {
        max: 10,
        connectionTimeoutMillis: 10_000,
        idleTimeoutMillis: 30_000,
        idle_in_transaction_session_timeout: 60_000,
        statement_timeout: 30_000,
      },
    });
  });

  it('takes DB_POOL_MAX and the timeouts from the environment; 0 turns the statement timeout off', () => {
    const options = databasePoolOptions({
      DB_POOL_MAX: '4',
      DB_CONNECT_TIMEOUT_MS: '2500',
      DB_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(options.poolSize).toBe(4);
    expect(options.extra).toMatchObject({ max: 4, connectionTimeoutMillis: 2500 });
    expect(options.extra).not.toHaveProperty('statement_timeout');
  });

  it('refuses values that would mean no limit or no pool, naming the variable', () => {
    expect(() => databasePoolOptions({ DB_POOL_MAX: '0' })).toThrow(ConfigError);
    expect(() => databasePoolOptions({ DB_CONNECT_TIMEOUT_MS: 'abc' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });
});
