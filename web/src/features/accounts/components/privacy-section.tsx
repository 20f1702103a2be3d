import { useState } from 'react';
import type { CurrentUser, PrivacySettingsBody } from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { SwitchRow } from '../../../components/ui/switch.tsx';
import { useUpdatePrivacy } from '../api/update-privacy.ts';

/** Privacy Controls: two switches saved on the server, two kept in this browser only. */
export function PrivacySection({ user }: { user: Pick<CurrentUser, 'hideEngagement' | 'hideActivity'> }) {
  const update = useUpdatePrivacy();
  // These two have local defaults only: the server has no setting for them, so nothing is saved.
  const [showOnline, setShowOnline] = useState(true);
  const [allowMessages, setAllowMessages] = useState(true);

  // While a change is on its way, show the value asked for rather than the old one.
  const pending: PrivacySettingsBody | undefined = update.isPending ? update.variables : undefined;
  const hideEngagement = pending?.hideEngagement ?? user.hideEngagement;
  const hideActivity = pending?.hideActivity ?? user.hideActivity;

  async function save(change: PrivacySettingsBody) {
    try {
      const res = await update.mutateAsync(change);
      toast({ title: 'Privacy Updated', description: res.message || 'Your privacy settings have been saved.' });
    } catch {
      toast({ title: 'Update Failed', description: 'Failed to update privacy settings', variant: 'destructive' });
    }
  }

  return (
    <section className="settings-section" aria-labelledby="privacy-heading">
      <h3 id="privacy-heading" className="settings-section__title">
        Privacy Controls
      </h3>
      <SwitchRow
        label="Hide engagement"
        description="Hide your views and likes from other users"
        checked={hideEngagement}
        disabled={update.isPending}
        testId="switch-hide-engagement"
        onChange={(v) => save({ hideEngagement: v })}
      />
      <SwitchRow
        label="Hide activity"
        description="Hide your streak and join date from other users"
        checked={hideActivity}
        disabled={update.isPending}
        testId="switch-hide-activity"
        onChange={(v) => save({ hideActivity: v })}
      />
      <SwitchRow
        label="Show online status"
        description="Let others see when you're active"
        checked={showOnline}
        testId="switch-online-status"
        onChange={setShowOnline}
      />
      <SwitchRow
        label="Allow direct messages"
        description="Let anyone send you a message"
        checked={allowMessages}
        testId="switch-direct-messages"
        onChange={setAllowMessages}
      />
    </section>
  );
}
