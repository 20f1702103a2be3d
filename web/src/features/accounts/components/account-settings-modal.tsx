import type { CurrentUser } from '@myworld/schemas';
import { Modal } from '../../../components/ui/modal.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { useSignOut } from '../api/sign-out.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { SecuritySection } from './security-section.tsx';

type SettingsUser = Pick<
  CurrentUser,
  'firstName' | 'lastName' | 'username' | 'email' | 'hideEngagement' | 'hideActivity'
>;

/** Account Settings: who is signed in, privacy, notifications, security, account deletion, logout. */
export function AccountSettingsModal({ user, onClose }: { user: SettingsUser; onClose: () => void }) {
  const logout = useSignOut();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

  async function onLogout() {
    try {
      await logout.mutateAsync();
      toast({ title: 'Logged out successfully' });
    } catch (err) {
      console.error('Logout failed on the server; logged out in this browser anyway', err);
      toast({ title: 'Logged out', description: 'You have been signed out on this device.' });
    }
    onClose(); // usually already gone: signing out unmounts the signed-in pages
  }

  return (
    <Modal
      title="Account Settings"
      onClose={onClose}
      testId="account-settings"
      footer={
        <>
          <button type="button" className="btn btn--danger btn--block" onClick={onLogout} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </button>
          <button type="button" className="btn btn--ghost btn--block" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <section className="account-card" aria-label="Signed in as">
        <span className="avatar avatar--large" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="account-card__text">
          <p className="account-card__name" data-testid="settings-name">
            {name}
          </p>
          <p className="account-card__email" data-testid="settings-email">
            {user.email}
          </p>
        </div>
      </section>
      <PrivacySection user={user} />
      <NotificationsSection />
      <SecuritySection email={user.email} />
      <DeleteAccountSection />
    </Modal>
  );
}
