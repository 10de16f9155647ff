/**
 * The React Router load context (defined in server/context.ts, built per request in
 * server/app.ts). With `future.v8_middleware` loaders and actions get a `RouterContextProvider`;
 * the server puts the shop's fields on it, declared here (React Router's documented migration from
 * `AppLoadContext`), and on `AppLoadContext` for the helpers that take the context as a parameter.
 */
import type { ShopLoadContext } from '../server/context.ts';

export type { ShopLoadContext };

declare module 'react-router' {
  interface RouterContextProvider extends ShopLoadContext {}
  interface AppLoadContext extends ShopLoadContext {}
}
