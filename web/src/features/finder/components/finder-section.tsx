import { KitCounter } from './kit-counter';
import { FinderPanel } from './finder-panel';

/** What the home page's finder slot holds: the kit counter above the 'Find Bleed Kits' panel. */
export function FinderSection() {
  return (
    <>
      <KitCounter />
      <FinderPanel />
    </>
  );
}
