// A tile's cost, in its corner: what the generation that made it was charged (all its files together), or
// "cost unknown". Tiles are at least 200 px wide, room enough for "0.0400 USD".
import type { ReactElement } from 'react';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import type { MoneyShown } from '../../lib/money-shown';
import { CostWords } from '../../ui/cost-text';
import './tile-cost.css';

export function TileCost({ item, unit }: { item: BridgeLibraryItem; unit: MoneyShown }): ReactElement {
  return (
    <span className="tile-cost">
      <CostWords usd={item.cost} credits={item.creditsCost} unit={unit} testId="tile-cost" />
    </span>
  );
}
