import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { productFromJournal, startProduct, type JournalledProduct, type ProductView } from '@myworld/testkit/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    product: JournalledProduct;
  }
}

// Written where the browser tests' screenshots go, so a failed run's product log stays behind.
const JOURNAL = 'test-artifacts/product';

/**
 * vitest's global set-up for the browser tests: one whole product (with object storage, two API
 * instances) for all
 * of them, as starting one per file cost more than most of their tests. Test files share its
 * database, so each works with users and content of its own (random names), never with counts of
 * everything.
 */
export default async function startSharedProduct(project: TestProject): Promise<() => Promise<void>> {
  // The browser contexts name their own client addresses (newMobileContext), as a proxy would.
  // Two API instances, as behind a load balancer (API_INSTANCES): the tests use the first, and the
  // cross-instance test puts people on both.
  const product = await startProduct({
    storage: true,
    journal: JOURNAL,
    apiInstances: 2,
    env: { TRUST_PROXY: '127.0.0.1' },
  });
  project.provide('product', {
    baseUrl: product.baseUrl,
    apiUrls: product.apiUrls,
    databaseUrl: product.databaseUrl,
    journal: JOURNAL,
  });
  return () => product.stop();
}

/** The product the global set-up started, as a test file sees it. */
export function sharedProduct(): ProductView {
  return productFromJournal(inject('product'));
}
