import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_MESSAGES } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { UpdateEmailDialog } from './update-email-dialog.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Send confirmation link' }) as HTMLButtonElement;

function open() {
  const onClose = vi.fn();
  renderWithApp(<UpdateEmailDialog currentEmail="jane@example.com" onClose={onClose} />);
  return onClose;
}

describe('update email dialog', () => {
  it('shows the current address and keeps the submit disabled until both fields are filled', () => {
    const fetch = stubFetch(() => json(200, {}));
    open();
    expect(screen.getByRole('dialog', { name: 'Update Email' }).textContent).toContain('jane@example.com');
    expect(submit().disabled).toBe(true);
    type('New email', 'jane.new@example.com');
    expect(submit().disabled).toBe(true);
    type('Current password', '   ');
    expect(submit().disabled).toBe(true);
    type('Current password', 'Sunny-Day-42');
    expect(submit().disabled).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the new address with the password, closes and says where the link went', async () => {
    const fetch = stubFetch(() => json(200, { message: AUTH_MESSAGES.emailChangeSent }));
    const onClose = open();
    type('New email', 'jane.new@example.com');
    type('Current password', 'Sunny-Day-42');
    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/email-change');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ newEmail: 'jane.new@example.com', password: 'Sunny-Day-42' });
    expect(screen.getByTestId('toast-title').textContent).toBe('Check your new email');
    expect(screen.getByTestId('toast-description').textContent).toBe(
      'We sent a link to jane.new@example.com to confirm the change. Until you confirm it, jane@example.com stays in use.',
    );
  });

  it('shows a refusal beside the field it names and stays open', async () => {
    stubFetch(() => json(409, { error: 'email_taken', field: 'newEmail', message: AUTH_MESSAGES.emailTaken }));
    const onClose = open();
    type('New email', 'taken@example.com');
    type('Current password', 'Sunny-Day-42');
    fireEvent.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(AUTH_MESSAGES.emailTaken);
    // Under the New email input, not the password's.
    expect(alert.parentElement!.querySelector('input')!.type).toBe('email');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Update Email' })).toBeTruthy();
  });
});
