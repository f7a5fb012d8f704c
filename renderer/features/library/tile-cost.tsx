// A tile's cost, in its corner: what the generation that made it was charged (all its files together), or
// "cost unknown". Tiles are at least 200 px wide, room enough for "0.0400 USD".
import type { ReactElement } from 'react';
import type { BridgeLibraryItem } from '../../../shared/bridge';
import { CostText } from '../../ui/cost-text';
import './tile-cost.css';

export function TileCost({ item }: { item: BridgeLibraryItem }): ReactElement {
  return (
    <span className="tile-cost">
      <CostText usd={item.cost} credits={item.creditsCost} testId="tile-cost" />
    </span>
  );
}
