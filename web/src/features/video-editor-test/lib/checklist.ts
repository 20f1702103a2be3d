import { MANUAL_TESTS } from './manual-tests.ts';

export type Verdict = 'pass' | 'fail';
/** A verdict per test id; a test without one is pending. */
export type Verdicts = Readonly<Record<string, Verdict>>;

export interface ChecklistSummary {
  passed: number;
  failed: number;
  pending: number;
}

export function summarize(verdicts: Verdicts): ChecklistSummary {
  const of = (v: Verdict) => MANUAL_TESTS.filter((t) => verdicts[t.id] === v).length;
  const passed = of('pass');
  const failed = of('fail');
  return { passed, failed, pending: MANUAL_TESTS.length - passed - failed };
}

/** Pressing a test's verdict sets it; pressing the same one again takes it back (pending). */
export function press(verdicts: Verdicts, testId: string, verdict: Verdict): Verdicts {
  const { [testId]: current, ...others } = verdicts;
  return current === verdict ? others : { ...others, [testId]: verdict };
}

// Kept for the tab's life, so a tester can go to the editor and come back to their results.
const STORAGE_KEY = 'myworld.video-editor-test';

export function loadVerdicts(): Verdicts {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!saved || typeof saved !== 'object') return {};
    return Object.fromEntries(
      MANUAL_TESTS.flatMap((t) => {
        const v = (saved as Record<string, unknown>)[t.id];
        return v === 'pass' || v === 'fail' ? [[t.id, v]] : [];
      }),
    );
  } catch {
    return {};
  }
}

export function saveVerdicts(verdicts: Verdicts): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(verdicts));
  } catch {
    // Storage may be unavailable (private mode, quota): the checklist still works for this visit.
  }
}
