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
  items: { productId: string; sku: string; name: string; count: number; unitPrice: number }[];
};
