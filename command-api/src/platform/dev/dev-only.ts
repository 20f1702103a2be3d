import { isLoopbackHost } from '@myworld/schemas/server';

/**
 * Where development-only tools run (/dev/outbox, the development payment provider and its public
 * webhook secret): explicit development (NODE_ENV development or test) on a loopback HOST, so
 * never in production and never reachable from another machine.
 */
export function devOnlyToolsAllowed(config: { readonly NODE_ENV: string; readonly HOST: string }): boolean {
  return (config.NODE_ENV === 'development' || config.NODE_ENV === 'test') && isLoopbackHost(config.HOST);
}
