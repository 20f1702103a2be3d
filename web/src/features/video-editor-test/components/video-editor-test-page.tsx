import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { VideoIcon } from '../../../components/ui/icons.tsx';
import { loadVerdicts, press, saveVerdicts, summarize, type Verdict, type Verdicts } from '../lib/checklist.ts';
import { MANUAL_TESTS, type ManualTest } from '../lib/manual-tests.ts';
import './video-editor-test.css';

/** /video-editor-test: the editor's manual checklist, its running counts, and the way to the editor. */
export function VideoEditorTestPage() {
  const [, navigate] = useLocation();
  const [verdicts, setVerdicts] = useState<Verdicts>(loadVerdicts);
  useEffect(() => saveVerdicts(verdicts), [verdicts]);
  const summary = summarize(verdicts);

  return (
    <main className="editor-test">
      <header className="editor-test__bar">
        <BackButton to="/" />
        <h1 className="editor-test__title">Video Editor Tests</h1>
      </header>
      <p className="editor-test__intro muted">
        Run each test in the editor on this device, then mark it Pass or Fail. Press a marked button again to reset that
        test.
      </p>

      <section className="editor-test__summary" aria-label="Summary">
        <Count label="Passed" value={summary.passed} tone="passed" />
        <Count label="Failed" value={summary.failed} tone="failed" />
        <Count label="Pending" value={summary.pending} tone="pending" />
      </section>

      <button
        type="button"
        className="btn btn--primary btn--block btn--large"
        onClick={() => navigate('/video-editor')}
      >
        <VideoIcon /> Launch Video Editor
      </button>

      <ol className="editor-test__list">
        {MANUAL_TESTS.map((test) => (
          <TestCard
            key={test.id}
            test={test}
            verdict={verdicts[test.id]}
            onPress={(v) => setVerdicts((all) => press(all, test.id, v))}
          />
        ))}
      </ol>
    </main>
  );
}

function Count({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`editor-test__count editor-test__count--${tone}`} data-testid={`count-${tone}`}>
      <span className="editor-test__count-value">{value}</span>
      <span className="editor-test__count-label">{label}</span>
    </div>
  );
}

interface TestCardProps {
  test: ManualTest;
  verdict: Verdict | undefined;
  onPress: (verdict: Verdict) => void;
}

function TestCard({ test, verdict, onPress }: TestCardProps) {
  const status = verdict === 'pass' ? 'Passed' : verdict === 'fail' ? 'Failed' : 'Pending';
  return (
    <li
      className={`editor-test__card is-${status.toLowerCase()}`}
      data-testid={`test-${test.id}`}
      aria-label={test.name}
    >
      <div className="editor-test__card-head">
        <h2 className="editor-test__name">{test.name}</h2>
        <span className="editor-test__status" data-testid="test-status">
          {status}
        </span>
      </div>
      <p className="editor-test__text">
        <strong>Do:</strong> {test.steps}
      </p>
      <p className="editor-test__text">
        <strong>Expect:</strong> {test.expected}
      </p>
      <div className="editor-test__verdicts">
        <button
          type="button"
          className="btn btn--small editor-test__pass"
          aria-pressed={verdict === 'pass'}
          onClick={() => onPress('pass')}
        >
          Pass
        </button>
        <button
          type="button"
          className="btn btn--small editor-test__fail"
          aria-pressed={verdict === 'fail'}
          onClick={() => onPress('fail')}
        >
          Fail
        </button>
      </div>
    </li>
  );
}
