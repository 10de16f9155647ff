/**
 * The jobs module's face (scheduled jobs (expiry, reminders, low stock, retention, outbox), once
 * across processes): what other modules and layers import of it; its other files are inner
 * (docs/decisions/018-module-faces.md).
 */
export { setLowStockThreshold } from './low-stock.ts';
export { JOBS, onJobRun, runJobs, startJobScheduler } from './runner.ts';
