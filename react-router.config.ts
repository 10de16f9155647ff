import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  // React Router 8's behaviour, adopted on 7 (docs: "Future Flags"; 8 itself needs Node 22)
  future: {
    // loaders and actions get a RouterContextProvider (server/app.ts routerContext, app/context.ts)
    v8_middleware: true,
    // clientLoader, clientAction, clientMiddleware and HydrateFallback in chunks of their own
    v8_splitRouteModules: true,
    // the client and server builds are configured per Vite environment (vite.config.ts)
    v8_viteEnvironmentApi: true,
    // loaders get the raw request (`.data` suffix and `_routes`/`index` parameters kept) and the
    // normalized location as their `url` argument
    v8_passThroughRequests: true,
    // `/a/` fetches its data from `/a/_.data`, the root's from `/_.data`
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
