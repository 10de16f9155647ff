/**
 * The returns module's face (customers' return requests, admin accept/refuse, return photos): what
 * other modules and layers import of it; its other files are inner (docs/decisions/018-module-
 * faces.md).
 */
export {
  acceptReturn,
  assertReturnable,
  openReturns,
  refuseReturn,
  requestReturn,
  RETURN_REASONS,
  returnEligibility,
  returnsOfOrder,
  setReturnIban,
  suggestedRefund,
} from './service.ts';
export { cancelOrderByCustomer } from './cancel.ts';
export { orderDocuments, orderTracking } from './documents.ts';
export { readReturnPhoto } from './photos.ts';
