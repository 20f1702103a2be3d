// @myworld/testkit/browser: what the browser tests take from the kit. It leaves out the harness
// and the API's code, which every browser-test worker (and vitest's global set-up) would
// otherwise load for nothing: they only start the product as processes and talk to it.
export { startProduct, type RunningProduct, type ProductView } from './product.ts';
export { productFromJournal, type JournalledProduct } from './product-journal.ts';
export { PNG_1X1, pngOfSize } from './sample-images.ts';
export { sampleWebM } from './sample-videos.ts';
