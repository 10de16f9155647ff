/** The environment is parsed once with zod; a bad value stops the start naming the variable. */
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../core/config/env.ts';
import { openShop } from '../../core/shop.ts';

describe('loadEnv', () => {
  it('applies the defaults', () => {
    // production is the default, which needs PUBLIC_URL
    expect(loadEnv({ PUBLIC_URL: 'https://shop.example.ch' })).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
    });
    expect(loadEnv({ NODE_ENV: 'development', PORT: '8080', PORT_UNRELATED: 'x' }).PORT).toBe(8080);
    expect(loadEnv({ NODE_ENV: 'development', DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('names each bad variable', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT:/);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT:/);
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL:/);
    expect(() => loadEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL:/);
    expect(() => loadEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET: must be at least 32 characters/);
    expect(() => loadEnv({ DATATRANS_SIGN_KEY: 'xyz' })).toThrow(/DATATRANS_SIGN_KEY: must be hexadecimal/);
    const both = () => loadEnv({ PORT: 'abc', NODE_ENV: 'staging' });
    expect(both).toThrow(/PORT:[\s\S]*NODE_ENV:|NODE_ENV:[\s\S]*PORT:/);
  });
});

describe('openShop', () => {
  it('refuses to open with a bad PORT, naming it, before touching a database', async () => {
    await expect(openShop({ PORT: 'abc', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }, { catalogueFile: null })).rejects.toThrow(/PORT/);
    await expect(openShop({ PORT: 'abc', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }, { catalogueFile: null })).rejects.toBeInstanceOf(EnvError);
  });
});
