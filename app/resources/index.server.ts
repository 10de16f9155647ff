/**
 * The shop's resource endpoints: URLs that answer a file or a redirect, never a page. They are
 * served by the HTTP server before React Router (server/resources.ts mounts this table, which the
 * server build hands over through app/entry.server.tsx), not as React Router routes: the Vite
 * plugin of React Router makes every route module an entry of the browser build, so a route with
 * only a `loader`/`action` became an empty browser chunk (ADR 019). Paths, methods and answers
 * are the ones the specification's route table names (section 2).
 */
import type { ResourceRoute } from './types.ts';
import * as adminOrderCreditnote from './admin-order-creditnote.server.ts';
import * as adminOrderExport from './admin-order-export.server.ts';
import * as adminProductExport from './admin-product-export.server.ts';
import * as adminProductPhoto from './admin-product-photo.server.ts';
import * as adminProductPhotos from './admin-product-photos.server.ts';
import * as adminRefundsPain001 from './admin-refunds-pain001.server.ts';
import * as adminUserExport from './admin-user-export.server.ts';
import * as adminVatJournal from './admin-vat-journal.server.ts';
import * as creditnote from './creditnote.server.ts';
import * as customboxImage from './custombox-image.server.ts';
import * as favicon from './favicon.server.ts';
import * as invoice from './invoice.server.ts';
import * as logout from './logout.server.ts';
import * as media from './media.server.ts';
import * as placeholder from './placeholder.server.ts';
import * as preferences from './preferences.server.ts';
import * as profileExport from './profile-export.server.ts';
import * as returnPhoto from './return-photo.server.ts';
import * as robots from './robots.server.ts';
import * as sitemap from './sitemap.server.ts';

/** Every resource endpoint, by path (Hono's path syntax). */
export const resourceRoutes: readonly ResourceRoute[] = [
  { path: '/sitemap.xml', loader: sitemap.loader },
  { path: '/robots.txt', loader: robots.loader },
  { path: '/favicon.ico', loader: favicon.loader },
  { path: '/images/placeholder/:id{[^/]+\\.svg}', loader: placeholder.loader },
  { path: '/images/custombox/:drawing', loader: customboxImage.loader },
  { path: '/preferences', loader: preferences.loader, action: preferences.action },
  { path: '/logout', loader: logout.loader, action: logout.action },
  { path: '/client/invoice', loader: invoice.loader },
  { path: '/client/creditnote', loader: creditnote.loader },
  { path: '/client/returnphoto', loader: returnPhoto.loader },
  { path: '/profile/export', loader: profileExport.loader },
  { path: '/admin/user/export', loader: adminUserExport.loader },
  { path: '/admin/order/export', loader: adminOrderExport.loader },
  { path: '/admin/order/creditnote', loader: adminOrderCreditnote.loader },
  { path: '/admin/product/export', loader: adminProductExport.loader },
  { path: '/admin/product/photo', loader: adminProductPhoto.loader, action: adminProductPhoto.action },
  { path: '/admin/product/photo/match', loader: adminProductPhotos.loader, action: adminProductPhotos.matchAction },
  { path: '/admin/product/photo/bysku', loader: adminProductPhotos.loader, action: adminProductPhotos.fileAction },
  { path: '/admin/refunds/pain001', loader: adminRefundsPain001.loader, action: adminRefundsPain001.action },
  { path: '/admin/vat/journal.csv', loader: adminVatJournal.loader },
  { path: '/media/products/:photo/:file', loader: media.loader },
];
