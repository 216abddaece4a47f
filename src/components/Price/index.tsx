import type {ReactNode} from 'react';
import {flavorPricePerHour, formatRate, resourcePrices, type PricedResource} from '@site/src/data/prices';

type Props = {per?: 'hour' | 'month'; hours?: number; quantity?: number} & (
  | {flavor: string; spot?: boolean; of?: never}
  | {of: PricedResource; flavor?: never; spot?: never}
);

/**
 * A price from the data, in the site's one format:
 * `<Price flavor="n3-H100x1" />` → $1.90 per hour; `per="month"` → per month (730 hours);
 * `hours={48}` → the total for 48 hours; `<Price of="volume" />` → $0.000096 per GB per hour;
 * `spot` → the flavor's spot price;
 * `quantity` multiplies (`<Price of="volume" quantity={500} hours={24} />`: 500 GB for a day).
 */
export default function Price({flavor, spot, of, per, hours, quantity = 1}: Props): ReactNode {
  const perHour = (flavor !== undefined ? flavorPricePerHour(flavor, {spot}) : resourcePrices[of!].perHour) * quantity;
  const text = formatRate(perHour, {per, hours, unit: of !== undefined && quantity === 1 ? resourcePrices[of].unit : 'per hour'});
  return <span className="price">{text}</span>;
}
