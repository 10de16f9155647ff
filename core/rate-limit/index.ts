/**
 * The rate-limit module's face (rate limits in Redis or memory): what other modules and layers
 * import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { addFailure, closeRateLimits, consumeRateLimit, countFailure, DEFAULT_LIMITS, failureBudget, resetRateLimit, setRateLimits } from './limiter.ts';
