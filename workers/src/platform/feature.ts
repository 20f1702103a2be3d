import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import type { WorkersConfig } from '../config.ts';

/** What every feature's background work gets from the workers process. */
export interface WorkerContext {
  readonly store: EventStore;
  readonly config: WorkersConfig;
  /** Already tagged with the feature's name. */
  readonly logger: Logger;
}

/** A feature's reactors, workers and schedules, once started. */
export interface RunningFeature {
  /** Resolves once it has set itself up (e.g. where a new reactor begins); the process says it runs after. */
  readonly ready?: Promise<void>;
  /** Rejects when a part fails for good: the process then exits so its supervisor restarts it. */
  readonly done: Promise<void>;
  /** Stops taking work, lets running jobs finish, and closes the feature's connections. */
  stop(): Promise<void>;
}

/** One entry of the registry in `features.ts`: `name` is the feature's kebab-case folder. */
export interface WorkerFeature {
  readonly name: string;
  start(context: WorkerContext): RunningFeature;
}
