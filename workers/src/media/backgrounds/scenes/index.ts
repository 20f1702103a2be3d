import type { BackgroundCategoryId } from '@myworld/schemas';
import { abstract } from './abstract.ts';
import { candy } from './candy.ts';
import { concrete } from './concrete.ts';
import { galaxy } from './galaxy.ts';
import { marble } from './marble.ts';
import { nature } from './nature.ts';
import type { SceneRenderer } from './scene.ts';
import { urban } from './urban.ts';
import { wood } from './wood.ts';

export type { Layer, Scene, SceneRenderer } from './scene.ts';

/** Each category's renderer. */
export const SCENES: Record<BackgroundCategoryId, SceneRenderer> = {
  nature,
  wood,
  candy,
  galaxy,
  marble,
  concrete,
  urban,
  abstract,
};
