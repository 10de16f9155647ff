/**
 * The cache module's face (cached reads that follow the content version (ADR 010)): what other
 * modules and layers import of it; its other files are inner (docs/decisions/018-module-faces.md).
 */
export { versionedCache } from './versioned.ts';
