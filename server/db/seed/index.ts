export { seedDemo } from './demo';
