import { USERNAME_MIN_LENGTH } from '@myworld/schemas';
import type { UsernameStatus } from '../api/check-username.ts';

/** The live line under the username field. */
export function UsernameStatusText({ username, status }: { username: string; status: UsernameStatus }) {
  let text = '';
  let tone = 'muted';
  if (status === 'checking') text = 'Checking availability...';
  else if (status === 'available') [text, tone] = ['Username is available', 'success'];
  else if (status === 'taken') [text, tone] = ['This username is already taken', 'error'];
  else if (username.length > 0 && username.length < USERNAME_MIN_LENGTH)
    text = `At least ${USERNAME_MIN_LENGTH} characters: lowercase letters, numbers and _`;
  return (
    <p
      className={`field__hint field__hint--${tone}`}
      data-testid="username-status"
      data-status={status}
      aria-live="polite"
    >
      {text}
    </p>
  );
}
