import type { Kysely } from 'kysely';
import type { Position } from '@myworld/schemas';
import { listGenerations, type Generation } from './generations.ts';

/**
 * How a projection is doing: `active` serves and follows the log, `building` has no serving
 * generation yet, `failed` stopped at an event its handler could not apply (it keeps serving what
 * it had; `npm run replay -- --projection NAME` restarts it after a fix).
 */
export type ProjectionStatus = 'active' | 'building' | 'failed';

export interface ProjectionStatusReport {
  name: string;
  status: ProjectionStatus;
  /** The generation the status is about (the failed one, else the serving one, else the build). */
  generation: number;
  version: number;
  checkpoint: Position;
  /** Position of the event the handler failed on; null unless failed. */
  failedAt: Position | null;
  /** The handler's error (event type, stream and message); null unless failed. */
  error: string | null;
  /** When it failed; null unless failed. */
  failedSince: Date | null;
}

/** A generation's status as operators see it: `failed` wins over its serving role. */
export function generationStatus(generation: Generation): ProjectionStatus {
  if (generation.failure) return 'failed';
  return generation.status === 'active' ? 'active' : 'building';
}

/**
 * One report per projection in the registry, from its active and building generations. A failed
 * build (e.g. of a new version) makes the projection `failed` even while the old one serves.
 */
export async function projectionStatuses(db: Kysely<any>): Promise<ProjectionStatusReport[]> {
  const byName = new Map<string, Generation[]>();
  for (const g of await listGenerations(db)) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, generations]) => {
      const g =
        generations.find((x) => x.failure) ?? generations.find((x) => x.status === 'active') ?? generations.at(-1)!;
      return {
        name,
        status: generationStatus(g),
        generation: g.generation,
        version: g.version,
        checkpoint: g.checkpoint,
        failedAt: g.failure?.position ?? null,
        error: g.failure?.error ?? null,
        failedSince: g.failure?.at ?? null,
      };
    });
}
