import { loadApiConfig } from './config.ts';
import { buildApp } from './app.ts';
import { closeServices, openServices } from './services.ts';

const config = loadApiConfig();
const services = await openServices(config);
const app = await buildApp(services);

const shutdown = async (signal: string) => {
  services.logger.info({ signal }, 'shutting down');
  await app.close();
  await closeServices(services);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
