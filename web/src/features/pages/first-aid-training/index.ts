export { FirstAidTrainingPage } from './first-aid-training-page';
