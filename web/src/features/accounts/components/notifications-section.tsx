import { useState } from 'react';
import { SwitchRow } from '../../../components/ui/switch.tsx';

/** Notifications: local defaults only; the server has no setting for them yet, so nothing is saved. */
export function NotificationsSection() {
  const [push, setPush] = useState(true);
  const [email, setEmail] = useState(true);
  const [liveAlerts, setLiveAlerts] = useState(true);
  return (
    <section className="settings-section" aria-labelledby="notifications-heading">
      <h3 id="notifications-heading" className="settings-section__title">
        Notifications
      </h3>
      <SwitchRow
        label="Push notifications"
        description="Likes, comments and new followers"
        checked={push}
        testId="switch-push"
        onChange={setPush}
      />
      <SwitchRow
        label="Email notifications"
        description="Weekly highlights and account news"
        checked={email}
        testId="switch-email"
        onChange={setEmail}
      />
      <SwitchRow
        label="Live stream alerts"
        description="When creators you follow go live"
        checked={liveAlerts}
        testId="switch-live-alerts"
        onChange={setLiveAlerts}
      />
    </section>
  );
}
