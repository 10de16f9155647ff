/**
 * The events module's face: the domain events (./events.ts) and the bus that runs their handlers
 * inside the emitter's transaction and their after-commit work after it (./bus.ts). It imports no
 * other module, so every module may emit (docs/architecture.md, "Layers").
 */
export { createEventBus, emit, type EventBus, type EventContext } from './bus.ts';
export type { EventOf, RequestedBy } from './events.ts';
