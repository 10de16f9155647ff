/**
 * The shop's running services: environment, database, secrets, logger. Everything request-scoped
 * receives them. The core modules import this type alone, not core/shop.ts, whose `openShop`
 * builds the value (server.ts at start, tests/integration/helpers per test) and imports modules
 * itself: a module depends on the shape it is handed, not on the root that wires the modules.
 */
import type { Logger } from 'pino';
import type { Env } from './config/index.ts';
import type { Database, Db } from './db/index.ts';

export type Shop = {
  env: Env;
  db: Db;
  database: Database;
  log: Logger;
  /** Secret for signing session/access tokens (>= 32 bytes). */
  sessionSecret: string;
  close: () => Promise<void>;
};
