/**
 * The React Router load context (defined in server/context.ts, built per request in
 * server/app.ts), declared as the app's AppLoadContext.
 */
import type { ShopLoadContext } from '../server/context.ts';

export type { ShopLoadContext };

declare module 'react-router' {
  interface AppLoadContext extends ShopLoadContext {}
}
