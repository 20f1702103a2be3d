import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  TEST_PASSWORD_HASH_COST,
  openTestSocket,
  testClient,
  type TestClient,
  type TestClientOptions,
  type TestSocket,
} from '@myworld/testkit';
import { buildApp, type AppOptions } from '../app.ts';
import { loadApiConfig, type ApiConfig } from '../config.ts';
import { closeServices, openServices, type ApiServices } from '../services.ts';
import { signedInUser, type SignedInUser } from './users.ts';

/** One API process's worth: its own connections (services) and app, listening on a free port. */
export interface ApiInstance {
  readonly app: FastifyInstance;
  readonly services: ApiServices;
  readonly config: ApiConfig;
  /** http://127.0.0.1:<port>, for sockets and fetch. */
  readonly baseUrl: string;
  /** A browser-like client of this instance (cookie jar, X-Min-Position; see TestClient). */
  client(options?: TestClientOptions): TestClient;
  /** A user with a session, registered straight into the log (for tests of other features). */
  signedInUser(username?: string): Promise<SignedInUser>;
  /** A /ws socket on this instance, as a page would open it (optionally signed in, from an Origin). */
  socket(cookie?: string, origin?: string): Promise<TestSocket>;
  close(): Promise<void>;
}

export interface ApiInstanceOptions {
  /** Environment for loadApiConfig (DATABASE_URL, REDIS_URL, PUBLIC_URL, ...). */
  readonly env: Record<string, string>;
  /** Prefixes this instance's Redis keys; instances of one harness share it (and so their sessions). */
  readonly redisKeyPrefix: string;
  readonly app?: AppOptions;
}

export async function startApiInstance(options: ApiInstanceOptions): Promise<ApiInstance> {
  const config = loadApiConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...options.env,
  });
  const services = await openServices(config, {
    logger: pino({ level: config.LOG_LEVEL }),
    redisKeyPrefix: options.redisKeyPrefix,
  });
  const app = await buildApp(services, options.app);
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    services,
    config,
    baseUrl,
    client: (clientOptions) => testClient(app, clientOptions),
    signedInUser: (username) => signedInUser(services, username),
    socket: (cookie, origin) => openTestSocket(baseUrl, cookie, origin),
    async close() {
      await app.close();
      await closeServices(services);
    },
  };
}
