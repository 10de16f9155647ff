/**
 * The production layout for an integration test (scripts/lib/cluster.ts): Caddy in front of two
 * app processes of the built shop on a fresh PostgreSQL database and one Redis database, and a
 * test shop on the same database for set-up and checks.
 */
import { Redis } from 'ioredis';
import type { Shop } from '../../core/shop.ts';
import { freePort, startCluster, type Cluster } from '../../scripts/lib/cluster.ts';
import { httpsClient } from './https.ts';
import { createTestDatabase, createTestShop } from './shop.ts';

export type TestCluster = {
  cluster: Cluster;
  /** An https client for Caddy's address that trusts Caddy's internal CA. */
  front: ReturnType<typeof httpsClient>;
  shop: Shop;
  /** The environment the app processes run with (DATABASE_URL included), for starting more of them. */
  env: Record<string, string>;
  /** Stops Caddy and the processes, closes the test shop and drops the database. */
  stop: () => Promise<void>;
};

/**
 * Empties the Redis database `redisUrl` (the test's own: its number is the URL's path), creates a
 * database on TEST_DATABASE_URL's server, and starts the cluster on both at once (sandbox payments,
 * data in memory, `warn` logs; `env` on top).
 * @param secret SESSION_SECRET of the processes and the test shop (48 characters or more).
 * @throws whatever a start throws, after stopping what had started.
 */
export async function startTestCluster(redisUrl: string, secret: string, env: Record<string, string> = {}): Promise<TestCluster> {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  const db = await createTestDatabase(process.env.TEST_DATABASE_URL!);
  const appEnv = { DATABASE_URL: db.url, REDIS_URL: redisUrl, SESSION_SECRET: secret, PAYMENT_SANDBOX: 'on', LOG_LEVEL: 'warn', DATA_DIR: 'memory://', ...env };
  let cluster: Cluster | undefined;
  let front: ReturnType<typeof httpsClient> | undefined;
  let shop: Shop | undefined;
  const stop = async () => {
    front?.close();
    await cluster?.stop();
    await shop?.close();
    await db.drop();
  };
  try {
    cluster = await startCluster({ processes: 2, port: await freePort(), env: appEnv, healthIntervalMs: 500 });
    front = httpsClient(cluster.caddy.url, cluster.caddy.rootCa());
    shop = await createTestShop({ env: { DATABASE_URL: db.url, SESSION_SECRET: secret } });
  } catch (e) {
    await stop();
    throw e;
  }
  return { cluster, front, shop, env: appEnv, stop };
}
