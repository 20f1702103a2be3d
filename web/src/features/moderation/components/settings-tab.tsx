import { useId, useState } from 'react';
import {
  AUTO_HIDE_THRESHOLD_MAX,
  AUTO_HIDE_THRESHOLD_MIN,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  type ModerationSettings,
  type ReportReason,
} from '@myworld/schemas';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { hasStatus } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useChangeModerationSettings, useModerationSettings } from '../api/moderation-settings.ts';
import { MODERATION_TEXTS } from '../lib/moderation-texts.ts';
import { reasonLabel } from '../lib/report-actions.ts';

/**
 * The Settings tab: the auto-hide threshold and the reasons users may report for. Admins change
 * them (each change is an event on the server); moderators see them read-only. The server
 * enforces both (PUT is for admins only, and checks the limits).
 */
export function SettingsTab() {
  const settings = useModerationSettings();
  const { user } = useCurrentUser();
  if (settings.isError && hasStatus(settings.error, 403)) {
    return (
      <p className="moderation-page__denied" data-testid="moderation-denied">
        {MODERATION_MESSAGES.permissionRequired}
      </p>
    );
  }
  if (settings.isPending)
    return <span className="spinner" role="progressbar" aria-label="Loading moderation settings" />;
  if (settings.isError) return <p className="moderation-page__error">{settings.error.message}</p>;
  return <SettingsForm settings={settings.data} editable={user?.roles.includes('admin') ?? false} />;
}

function SettingsForm({ settings, editable }: { settings: ModerationSettings; editable: boolean }) {
  const [threshold, setThreshold] = useState(String(settings.autoHideThreshold));
  const [reasons, setReasons] = useState<readonly ReportReason[]>(settings.reportReasons);
  const change = useChangeModerationSettings();
  const thresholdId = useId();
  const helpId = useId();

  // What the server answers (after a save, or a change elsewhere) is what the form shows, adjusted
  // while rendering when the prop changes. Not a key remount: the save's onSuccess toast would be
  // lost with the unmounted form.
  const [shown, setShown] = useState(settings);
  if (shown !== settings) {
    setShown(settings);
    setThreshold(String(settings.autoHideThreshold));
    setReasons(settings.reportReasons);
  }

  const toggle = (reason: ReportReason) =>
    setReasons((now) =>
      now.includes(reason)
        ? now.filter((r) => r !== reason)
        : REPORT_REASONS.filter((r) => r === reason || now.includes(r)),
    );
  const save = () =>
    change.mutate(
      { autoHideThreshold: Number(threshold), reportReasons: [...reasons] },
      {
        onSuccess: () => toast({ title: MODERATION_TEXTS.savedTitle, description: MODERATION_TEXTS.savedDescription }),
        onError: (error) => toastFailure(MODERATION_TEXTS.saveFailedTitle, error),
      },
    );

  return (
    <form
      className="moderation-settings"
      data-testid="moderation-settings"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {editable ? null : (
        <p className="moderation-settings__readonly" data-testid="settings-readonly">
          {MODERATION_TEXTS.readOnly}
        </p>
      )}
      <div className="field">
        <label htmlFor={thresholdId} className="field__label">
          {MODERATION_TEXTS.thresholdLabel}
        </label>
        <input
          id={thresholdId}
          className="input moderation-settings__threshold"
          type="number"
          min={AUTO_HIDE_THRESHOLD_MIN}
          max={AUTO_HIDE_THRESHOLD_MAX}
          step={1}
          required
          value={threshold}
          disabled={!editable}
          aria-describedby={helpId}
          onChange={(e) => setThreshold(e.target.value)}
          data-testid="settings-threshold"
        />
        <p id={helpId} className="moderation-settings__help">
          {MODERATION_TEXTS.thresholdHelp}
        </p>
      </div>
      <fieldset className="moderation-settings__reasons" disabled={!editable}>
        <legend className="field__label">{MODERATION_TEXTS.reasonsLegend}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="moderation-settings__reason">
            <input
              type="checkbox"
              checked={reasons.includes(r)}
              onChange={() => toggle(r)}
              data-testid={`settings-reason-${r}`}
            />
            {reasonLabel(r)}
          </label>
        ))}
      </fieldset>
      {editable ? (
        <button
          type="submit"
          className="btn btn--primary"
          disabled={change.isPending || reasons.length === 0}
          data-testid="settings-save"
        >
          {MODERATION_TEXTS.save}
        </button>
      ) : null}
    </form>
  );
}
