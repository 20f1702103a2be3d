// @myworld/testkit: the product assembled with its real services, for integration and browser tests.

// One product per test file: database, projections, API instance(s), optionally the workers process.
export { startHarness, TEST_PUBLIC_URL, type Harness, type HarnessOptions } from './harness.ts';
export { startApiInstance, type ApiInstance, type ApiInstanceOptions } from './api-instance.ts';
// The whole product as `npm start` runs it (browser tests).
export { startProduct, type RunningProduct, type ProductView } from './product.ts';
export { productFromJournal, type JournalledProduct } from './product-journal.ts';
// The workers as a real process, and their queues.
export { startWorkersProcess, type WorkersProcess, type WorkersEnv } from './workers-process.ts';
export { openQueue, ACCOUNTS_EMAIL_QUEUE, type InspectedQueue } from './email-queue.ts';
// Talking to it.
export { testClient, type TestClient, type TestClientOptions } from './test-client.ts';
export { openTestSocket, type TestSocket } from './test-socket.ts';
export { newRegistration, signedInUser, type SignedInUser } from './users.ts';
export { startSmtpCapture, type SmtpCapture, type Mailbox, type CapturedEmail } from './smtp-capture.ts';
export { freePort } from './free-port.ts';
export { openScratchRedis, type ScratchRedis } from './scratch-redis.ts';
export { PNG_1X1, pngOfSize } from './sample-images.ts';
export { uploadToStore } from './uploads.ts';
export { sampleWebM, truncatedWebM } from './sample-videos.ts';
export { startScratchPostgres, postgresBinaries, type ScratchPostgres } from './scratch-postgres.ts';
