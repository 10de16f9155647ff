/**
 * The privacy module's browser face (pseudonymising an erased customer's traces): the part pages
 * may run in the browser. Reaches no Drizzle, database driver, node: module or other server
 * package (checked by .dependency-cruiser-browser.cjs; docs/decisions/018-module-faces.md).
 */
export { scrubJson, textScrubber } from './pseudonymise.ts';
