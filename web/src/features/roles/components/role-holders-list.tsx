import type { Role, RoleHolder } from '@myworld/schemas';
import { ROLE_MESSAGES } from '@myworld/schemas';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useChangeRole } from '../api/change-role.ts';
import { useRoleHolders } from '../api/list-role-holders.ts';

/** The users holding roles, each role with its Revoke button. */
export function RoleHoldersList() {
  const holders = useRoleHolders();
  const change = useChangeRole();
  const revoke = (holder: RoleHolder, role: Role) =>
    change.mutate(
      { action: 'revoke', username: holder.username, role },
      {
        onSuccess: () => toast({ title: ROLE_MESSAGES.revoked(role, holder.username) }),
        onError: (error) => toastFailure('Could not revoke the role', error),
      },
    );
  const rows = holders.data?.pages.flatMap((p) => p.holders) ?? [];
  if (holders.isLoading) return <span className="spinner" role="progressbar" aria-label="Loading roles" />;
  if (holders.isError) return <p className="muted">Could not load the staff list.</p>;
  if (rows.length === 0) return <p className="muted">Nobody holds a staff role yet.</p>;
  return (
    <section aria-label="Staff">
      <ul className="roles-list" data-testid="role-holders">
        {rows.map((holder) => (
          <li key={holder.userId} className="card roles-list__item" data-testid={`role-holder-${holder.username}`}>
            <span className="roles-list__name">@{holder.username}</span>
            <span className="roles-list__roles">
              {holder.roles.map((role) => (
                <button
                  key={role}
                  type="button"
                  className="btn btn--small btn--secondary"
                  disabled={change.isPending}
                  onClick={() => revoke(holder, role)}
                  aria-label={`Revoke ${role} from @${holder.username}`}
                >
                  {role} ✕
                </button>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={holders.hasNextPage}
        loading={holders.isFetchingNextPage}
        onLoadMore={() => void holders.fetchNextPage()}
        testId="role-holders-more"
      />
    </section>
  );
}
