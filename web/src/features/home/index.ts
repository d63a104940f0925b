export { HomePage, preloadHomeParts } from './home-page';
export { Hero } from './components/hero';
