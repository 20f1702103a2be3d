import { userInfo } from 'node:os';
import { loadConfig, personalDataSecretShape, sharedConfigSchema } from '@myworld/schemas/server';
import { ROLES } from '@myworld/schemas';
import { openEventStore } from '@myworld/eventstore';
import { DomainError, changeRoleAsOperator } from '@myworld/command-api';

/**
 * Staff roles from the server's shell, the way to make the first admin:
 *
 *   npm run admin -- grant <role> <username> [--reason "why"]
 *   npm run admin -- revoke <role> <username>
 *
 * Appends RoleGranted / RoleRevoked straight to the event log (DATABASE_URL, or EVENTSTORE_URL),
 * with the operator's login name recorded as `cli:<name>`. Exits 2 on a usage error, 1 when the
 * user or role is unknown or the change is refused.
 */
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

/** Who runs this: the login name ($USER when the account has no entry). */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

const parsed = parseArguments(process.argv.slice(2));
if (!parsed) {
  console.error(USAGE);
  process.exit(2);
}
if (!(ROLES as readonly string[]).includes(parsed.role)) {
  console.error(`admin: unknown role "${parsed.role}"; roles: ${ROLES.join(', ')}`);
  process.exit(1);
}

const config = loadConfig(sharedConfigSchema.extend(personalDataSecretShape));
const store = await openEventStore(config);
try {
  const result = await changeRoleAsOperator(store, { ...parsed, operator: operatorName() });
  const verb = parsed.action === 'grant' ? 'granted' : 'revoked';
  const what = result.changed
    ? `${verb} ${parsed.role} ${parsed.action === 'grant' ? 'to' : 'from'} @${result.username}`
    : `@${result.username} already holds ${parsed.role}; nothing recorded`;
  console.log(
    `admin: ${what} (user ${result.userId}, by cli:${operatorName()}); roles now: ${result.roles.join(', ') || 'none'}`,
  );
} catch (error) {
  if (!(error instanceof DomainError)) throw error;
  console.error(`admin: ${error.message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
