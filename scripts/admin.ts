import { userInfo } from 'node:os';
import { loadConfig, personalDataSecretShape, sharedConfigSchema } from '@myworld/schemas/server';
import { openEventStore } from '@myworld/eventstore';
import { runAdminCommand } from './admin-command.ts';

/**
 * Staff roles from the server's shell, the way to make the first admin:
 *
 *   npm run admin -- grant <role> <username> [--reason "why"]
 *   npm run admin -- revoke <role> <username>
 *
 * Appends RoleGranted / RoleRevoked straight to the event log (DATABASE_URL, or EVENTSTORE_URL),
 * with the operator's login name recorded as `cli:<name>`. Exits 2 on a usage error, 1 when the
 * user or role is unknown or the change is refused (scripts/admin-command.ts).
 */

/** Who runs this: the login name ($USER when the account has no entry). */
function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

const outcome = await runAdminCommand(process.argv.slice(2), {
  operator: operatorName(),
  openStore: () => openEventStore(loadConfig(sharedConfigSchema.extend(personalDataSecretShape))),
});
if (outcome.stdout) console.log(outcome.stdout);
if (outcome.stderr) console.error(outcome.stderr);
process.exitCode = outcome.code;
