import type { ModerationEvent, ModerationSettings } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';

/** The moderation settings (stream `moderationsettings-global`): null until an admin first changes them (the defaults rule). */
export type SettingsState = ModerationSettings | null;

/** An admin changes either field or both; `defaults` stand in for what was never set. */
export interface ChangeSettings {
  readonly type: 'ChangeModerationSettings';
  readonly changedBy: string;
  readonly autoHideThreshold?: number | undefined;
  readonly reportReasons?: readonly ModerationSettings['reportReasons'][number][] | undefined;
  readonly defaults: ModerationSettings;
  readonly now: Date;
}

const sameSettings = (a: ModerationSettings, b: ModerationSettings) =>
  a.autoHideThreshold === b.autoHideThreshold &&
  a.reportReasons.length === b.reportReasons.length &&
  a.reportReasons.every((r, i) => b.reportReasons[i] === r);

export const settingsDecider: Decider<SettingsState, ChangeSettings, ModerationEvent> = {
  initialState: () => null,
  evolve: (state, event) =>
    event.type === 'ModerationSettingsChanged'
      ? { autoHideThreshold: event.data.autoHideThreshold, reportReasons: event.data.reportReasons }
      : state,
  decide: (command, state) => {
    const current = state ?? command.defaults;
    const next: ModerationSettings = {
      autoHideThreshold: command.autoHideThreshold ?? current.autoHideThreshold,
      reportReasons: command.reportReasons ? [...command.reportReasons] : current.reportReasons,
    };
    // Saving what is already recorded records nothing.
    if (state && sameSettings(state, next)) return [];
    return [
      {
        type: 'ModerationSettingsChanged',
        data: { ...next, changedBy: command.changedBy, changedAt: command.now.toISOString() },
      },
    ];
  },
};
