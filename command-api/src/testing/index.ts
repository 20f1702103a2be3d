// @myworld/command-api/testing: the API started for integration tests, built on the test kit's
// generic pieces (clients, sockets, SMTP capture, the workers process). The test kit itself never
// imports the API, so the API's own tests may use the kit without a cycle.

// One product per test file: database, projections, API instance(s), optionally the workers process.
export { startHarness, TEST_PUBLIC_URL, type Harness, type HarnessOptions } from './harness.ts';
export { startApiInstance, type ApiInstance, type ApiInstanceOptions } from './api-instance.ts';
export { signedInUser, type SignedInUser } from './users.ts';
