import { randomUUID } from 'node:crypto';
import { expect as expected, type EventStore } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { rolesStreamName, type Role } from '@myworld/schemas';

/** Grants `role` to a user straight into the log, as the operator CLI would (for tests); answers the event's position. */
export async function appendRoleGranted(store: EventStore, userId: string, role: Role) {
  const { position } = await store.append(rolesStreamName(userId), expected.any, [
    {
      id: randomUUID(),
      type: 'RoleGranted',
      data: { userId, role, grantedBy: 'cli:test', grantedAt: new Date().toISOString() },
      metadata: testMetadata(),
    },
  ]);
  return position;
}
