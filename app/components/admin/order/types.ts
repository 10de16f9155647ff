import type { AdminOrderPage } from '../../../lib/admin-order.server.ts';

/** What the admin order page's sections show of a refused form: the message and the fields at fault. */
export type FormProblem = { error: string; fields: Record<string, string> };

/** What every form section of the admin's order page gets: the order, its refused form (if the last answer was one), whether a form is being sent. */
export type OrderPanelProps = { order: AdminOrderPage['order']; problem: FormProblem | null; busy: boolean };
