import { useState, type FormEvent } from 'react';
import { ROLES, ROLE_MESSAGES, type Role } from '@myworld/schemas';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useChangeRole } from '../api/change-role.ts';

/** Grant by username and a role from the list; the server says when the username is unknown. */
export function GrantRoleForm() {
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('moderator');
  const change = useChangeRole();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return;
    change.mutate(
      { action: 'grant', username: name, role },
      {
        onSuccess: (answer) => {
          toast({ title: ROLE_MESSAGES.granted(role, answer.username) });
          setUsername('');
        },
        onError: (error) => toastFailure('Could not grant the role', error),
      },
    );
  };
  return (
    <form className="card roles-grant" onSubmit={submit} data-testid="grant-role-form">
      <TextField
        label="Username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        autoComplete="off"
        required
      />
      <div className="field">
        <label htmlFor="grant-role" className="field__label">
          Role
        </label>
        <select id="grant-role" className="input" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--primary" disabled={change.isPending}>
        Grant
      </button>
    </form>
  );
}
