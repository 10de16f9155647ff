/** One variety of cigars in a box as ordered: how many, and what (SKU, name). */
export type BoxContentLine = { sku: string; name: string; count: number };

/**
 * The box an order line carries (`order_lines.box`): a snapshot taken when the order is created,
 * so the order, its invoice and the packing list keep showing what was sold. Money in Rappen.
 */
export type OrderBoxSnapshot = {
  /** The box model's id and its capacity when ordered. */
  modelId: string;
  capacity: number;
  /** Price of the empty box, Rappen. */
  boxPrice: number;
  messageKind: 'card' | 'engraving';
  message: string;
  /** Each variety, with its unit price in Rappen. */
  items: (BoxContentLine & { productId: string; unitPrice: number })[];
};
