import { GenericContainer, Wait } from 'testcontainers';

/** Image the contract suite starts; override with KURRENTDB_IMAGE (e.g. an eventstore/eventstore tag). */
export const DEFAULT_KURRENTDB_IMAGE = 'docker.kurrent.io/kurrent-latest/kurrentdb:latest';

export interface RunningKurrentDb {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway single-node, insecure KurrentDB. Both the KURRENTDB_ and EVENTSTORE_ spellings of the
 * settings are given so an older eventstore/eventstore image works too.
 */
export async function startKurrentDbContainer(
  image = process.env.KURRENTDB_IMAGE ?? DEFAULT_KURRENTDB_IMAGE,
): Promise<RunningKurrentDb> {
  const settings = { INSECURE: 'true', CLUSTER_SIZE: '1', RUN_PROJECTIONS: 'None', MEM_DB: 'true' };
  const environment = Object.fromEntries(
    Object.entries(settings).flatMap(([k, v]) => [
      [`KURRENTDB_${k}`, v],
      [`EVENTSTORE_${k}`, v],
    ]),
  );
  const container = await new GenericContainer(image)
    .withEnvironment(environment)
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `kurrentdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => {
      await container.stop();
    },
  };
}
