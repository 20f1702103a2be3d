// What the write sides share that belongs to no feature.
export { scriptCommand } from './redis-script.ts';
