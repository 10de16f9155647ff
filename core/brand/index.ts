/**
 * The brand module's face (the storefront logo's upload and removal; the name and logo as pages
 * and mails read them are core/config `siteBrand`): what other modules and layers import of it;
 * its other files are inner (docs/decisions/018-module-faces.md).
 */
export { removeSiteLogo, setSiteLogo } from './logo.ts';
