/**
 * The returns module's browser face (customers' return requests, admin accept/refuse, return
 * photos): the part pages may run in the browser. Reaches no Drizzle, database driver, node:
 * module or other server package (checked by .dependency-cruiser-browser.cjs;
 * docs/decisions/018-module-faces.md).
 */
export { displayIban } from './iban.ts';
export { MAX_RETURN_MESSAGE, MAX_RETURN_PHOTO_BYTES, MAX_RETURN_PHOTOS } from './limits.ts';
