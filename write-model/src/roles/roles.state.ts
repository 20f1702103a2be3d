import type { Role, RoleEvent } from '@myworld/schemas';

/** One user's staff roles (stream `roles-{userId}`): the roles held now. */
export interface RolesState {
  readonly held: ReadonlySet<Role>;
}

export const initialRolesState = (): RolesState => ({ held: new Set() });

export function evolveRoles(state: RolesState, event: RoleEvent): RolesState {
  const held = new Set(state.held);
  if (event.type === 'RoleGranted') held.add(event.data.role);
  else held.delete(event.data.role);
  return { held };
}
