/**
 * The contact module's face (the contact form): what other modules and layers import of it; its
 * other files are inner (docs/decisions/018-module-faces.md).
 */
export { submitContactMessage } from './service.ts';
