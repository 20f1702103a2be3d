import { describe, it } from 'vitest';
import { REPORT_REASONS, type ModerationEvent } from '@myworld/schemas';
import { deciderSpec } from '../commands/decider-testing.ts';
import { settingsDecider, type ChangeSettings } from './settings.decider.ts';

const now = new Date('2026-11-26T10:00:00.000Z');
const defaults = { autoHideThreshold: 5, reportReasons: [...REPORT_REASONS] };
const spec = deciderSpec(settingsDecider);
const change = (fields: Partial<Pick<ChangeSettings, 'autoHideThreshold' | 'reportReasons'>>): ChangeSettings => ({
  type: 'ChangeModerationSettings',
  changedBy: 'admin',
  defaults,
  now,
  ...fields,
});
const changed = (
  autoHideThreshold: number,
  reportReasons: ChangeSettings['reportReasons'] = [...REPORT_REASONS],
): ModerationEvent => ({
  type: 'ModerationSettingsChanged',
  data: {
    autoHideThreshold,
    reportReasons: [...(reportReasons ?? [])],
    changedBy: 'admin',
    changedAt: now.toISOString(),
  },
});

describe('moderation settings decider', () => {
  it('given the defaults, changing the threshold records the whole new settings', () => {
    spec
      .given()
      .when(change({ autoHideThreshold: 3 }))
      .then([changed(3)]);
  });

  it('given recorded settings, changing the reasons keeps the threshold', () => {
    spec
      .given(changed(3))
      .when(change({ reportReasons: ['spam', 'other'] }))
      .then([changed(3, ['spam', 'other'])]);
  });

  it('saving what is recorded records nothing', () => {
    spec
      .given(changed(3, ['spam']))
      .when(change({ autoHideThreshold: 3, reportReasons: ['spam'] }))
      .then([]);
  });
});
