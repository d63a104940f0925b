export { FinderSection } from './components/finder-section';
export { FinderPanel } from './components/finder-panel';
export { KitCounter } from './components/kit-counter';
