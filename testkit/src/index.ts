// @myworld/testkit: the product assembled with its real services, for integration and browser tests.
// It never imports the API: the API's harness (startHarness, signedInUser) is @myworld/command-api/testing.

// The whole product as `npm start` runs it (browser tests).
export { startProduct, type RunningProduct, type ProductView } from './product.ts';
export { productFromJournal, type JournalledProduct } from './product-journal.ts';
// The workers as a real process, and their queues.
export { startWorkersProcess, type WorkersProcess, type WorkersEnv } from './workers-process.ts';
export { openQueue, ACCOUNTS_EMAIL_QUEUE, type InspectedQueue } from './email-queue.ts';
// Talking to it.
export { testClient, type TestClient, type TestClientOptions } from './test-client.ts';
export { openTestSocket, type TestSocket } from './test-socket.ts';
export { newRegistration } from './registration.ts';
export { TEST_PASSWORD_HASH_COST } from './password-hash-cost.ts';
export { startSmtpCapture, type SmtpCapture, type Mailbox, type CapturedEmail } from './smtp-capture.ts';
export { freePort } from './free-port.ts';
export { openScratchRedis, type ScratchRedis } from './scratch-redis.ts';
export { PNG_1X1, pngOfSize } from './sample-images.ts';
export { uploadToStore } from './uploads.ts';
export { sampleWebM, truncatedWebM } from './sample-videos.ts';
export { startScratchPostgres, postgresBinaries, type ScratchPostgres } from './scratch-postgres.ts';
