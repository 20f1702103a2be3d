import { ROLES } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { DomainError } from '@myworld/write-model';
import { changeRoleAsOperator } from '@myworld/write-model/roles';

/**
 * What `npm run admin` does, apart from the process around it (scripts/admin.ts): reads the
 * arguments, changes the role and says what it did. Exit code 2 on a usage error, 1 when the user
 * or role is unknown or the change is refused; nothing is recorded then.
 */
export interface AdminOutcome {
  readonly code: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr: string;
}

const USAGE = `usage: npm run admin -- grant <role> <username> [--reason "why"]
       npm run admin -- revoke <role> <username>
roles: ${ROLES.join(', ')}`;

function parseArguments(argv: readonly string[]) {
  const args = argv.filter((a) => a !== '--');
  const reasonAt = args.indexOf('--reason');
  const reason = reasonAt >= 0 ? args[reasonAt + 1] : undefined;
  if (reasonAt >= 0 && !reason) return null;
  const positional = reasonAt >= 0 ? [...args.slice(0, reasonAt), ...args.slice(reasonAt + 2)] : args;
  const [action, role, username, ...rest] = positional;
  if ((action !== 'grant' && action !== 'revoke') || !role || !username || rest.length > 0) return null;
  if (action === 'revoke' && reason) return null;
  return { action, role, username, reason } as const;
}

/** Runs one admin command (`argv` as after `npm run admin --`) as `operator`, the login name. */
export async function runAdminCommand(
  argv: readonly string[],
  options: { readonly operator: string; openStore(): Promise<EventStore> },
): Promise<AdminOutcome> {
  const parsed = parseArguments(argv);
  if (!parsed) return { code: 2, stdout: '', stderr: USAGE };
  if (!(ROLES as readonly string[]).includes(parsed.role)) {
    return { code: 1, stdout: '', stderr: `admin: unknown role "${parsed.role}"; roles: ${ROLES.join(', ')}` };
  }
  const store = await options.openStore();
  try {
    const result = await changeRoleAsOperator(store, { ...parsed, operator: options.operator });
    const verb = parsed.action === 'grant' ? 'granted' : 'revoked';
    const what = result.changed
      ? `${verb} ${parsed.role} ${parsed.action === 'grant' ? 'to' : 'from'} @${result.username}`
      : `@${result.username} already holds ${parsed.role}; nothing recorded`;
    const roles = result.roles.join(', ') || 'none';
    return {
      code: 0,
      stdout: `admin: ${what} (user ${result.userId}, by cli:${options.operator}); roles now: ${roles}`,
      stderr: '',
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: 1, stdout: '', stderr: `admin: ${error.message}` };
  } finally {
    await store.close();
  }
}
