/**
 * Every route of the route table of docs/product.md §2, by path and, where the
 * specification names one, by id. Screens the specification implies without a path
 * (register, forgot password, returns, shipping) get paths of ours. The resource endpoints (files,
 * downloads, the log-out and preference posts) are no routes here: the HTTP server answers them
 * before React Router (app/resources/index.server.ts, server/resources.ts; ADR 019).
 */
import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

export default [
  // the sandbox payment provider's hosted page (outside the shop layout, like a real provider's)
  route('sandbox-pay', 'routes/resources/sandbox-pay.tsx'),

  // default layout: age gate, cookie notice, side cart, navbar, content, snackbar, footer
  layout('layouts/default.tsx', [
    index('routes/home.tsx', { id: 'index' }),
    route('login', 'routes/login.tsx'),
    route('register', 'routes/register.tsx'),
    route('forgot', 'routes/forgot.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('about', 'routes/about.tsx'),
    route('readme', 'routes/readme.tsx'),
    route('custombox', 'routes/custombox.tsx'),
    route('productdetail', 'routes/productdetail.tsx'),
    route('shopcart', 'routes/shopcart.tsx'),
    route('payment', 'routes/payment.tsx'),
    route('paymentsuccess', 'routes/paymentsuccess.tsx'),
    route('paymenterror', 'routes/paymenterror.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('confirm/:token', 'routes/confirm.tsx'),
    route('reset/:token', 'routes/reset.tsx'),
    route('setup/:token', 'routes/setup.tsx'),
    ...prefix('client', [
      route('products', 'routes/client/products.tsx'),
      route('history', 'routes/client/history.tsx'),
      route('historydetails', 'routes/client/historydetails.tsx'),
      route('influencer', 'routes/client/influencer.tsx'),
      route('privacypolicy', 'routes/client/privacypolicy.tsx', { id: 'policy' }),
      route('termsandconditions', 'routes/client/termsandconditions.tsx', { id: 'terms' }),
      route('returns', 'routes/client/returns.tsx'),
      route('shipping', 'routes/client/shipping.tsx'),
    ]),
  ]),

  // admin layout (Admin only, enforced on the server in the layout's loader)
  layout('layouts/admin.tsx', [
    ...prefix('admin', [
      index('routes/admin/index.tsx'),
      route('home', 'routes/admin/home.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('order/details', 'routes/admin/order.details.tsx'),
      route('order/edit', 'routes/admin/order.edit.tsx'),
      route('order/list', 'routes/admin/order.list.tsx'),
      route('order/packing', 'routes/admin/order.packing.tsx'),
      route('product/add', 'routes/admin/product.add.tsx'),
      route('product/list', 'routes/admin/product.list.tsx'),
      route('product/photos', 'routes/admin/product.photos.tsx'),
      route('promo/edit', 'routes/admin/promo.edit.tsx'),
      route('promo/list', 'routes/admin/promo.list.tsx'),
      route('user/add', 'routes/admin/user.add.tsx'),
      route('user/list', 'routes/admin/user.list.tsx'),
      route('user/details', 'routes/admin/user.details.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('outbox', 'routes/admin/outbox.tsx'),
      route('custombox', 'routes/admin/custombox.tsx'),
      route('releases', 'routes/admin/releases.tsx'),
      route('refunds', 'routes/admin/refunds.tsx'),
      route('vat', 'routes/admin/vat.tsx'),
    ]),
  ]),

  // 404 layout
  layout('layouts/notfound.tsx', [route('undercontruction', 'routes/undercontruction.tsx'), route('*', 'routes/catchall.tsx', { id: 'all' })]),
] satisfies RouteConfig;
