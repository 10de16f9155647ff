/**
 * The data of the custom box builder (/custombox): the box models and the single cigars to choose
 * from, with the minimum number of varieties and the text limits (core/custom-box). Money in Rappen.
 */
import type { Db } from '../../core/db/index.ts';
import { boxOptions } from '../../core/custom-box/index.ts';

/** The models, the varieties and the rules of the builder, as the page needs them. */
export async function boxBuilderData(db: Db) {
  const o = await boxOptions(db);
  return {
    min: o.minVarieties,
    limits: o.messageLimits,
    models: o.models.map((m) => ({ id: m.id, name: m.name, capacity: m.capacity, price: m.price, drawing: m.drawing })),
    varieties: o.varieties.map((v) => ({
      id: v.id,
      name: v.name,
      brand: v.brand,
      packaging: v.packaging,
      stock: v.stock,
      strength: v.strength,
      vitola: v.vitola,
      lengthMm: v.lengthMm,
      ringGauge: v.ringGauge,
      wrapper: v.wrapper,
      unitPrice: v.unitPrice,
      basePrice: v.basePrice,
      discountPercent: v.discountPercent,
    })),
  };
}

/** What {@link boxBuilderData} returns. */
export type BoxBuilderData = Awaited<ReturnType<typeof boxBuilderData>>;
/** One single cigar of the builder. */
export type BoxBuilderVariety = BoxBuilderData['varieties'][number];
