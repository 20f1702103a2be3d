import { useId, useState } from 'react';
import { REPORT_DESCRIPTION_MAX, type ContentType, type ReportReason } from '@myworld/schemas';
import { Modal } from '../../../components/ui/modal.tsx';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { useFileReport, useReportReasons } from '../api/file-report.ts';
import { reasonLabel } from '../lib/report-actions.ts';
import './report-action.css';

/** What the report form says; the server's own message is shown when it refuses (409 already reported, 400 a disabled reason). */
export const REPORT_FORM_TEXTS = {
  menuItem: 'Report',
  title: (what: string) => `Report ${what}`,
  reasonLegend: 'Why are you reporting this?',
  descriptionLabel: 'Tell us more (optional)',
  submit: 'Submit report',
  cancel: 'Cancel',
  sentTitle: 'Report sent',
  sentDescription: 'Thank you. A moderator will review it.',
  failedTitle: 'Could not send the report',
} as const;

const WHAT: Record<ContentType, string> = {
  video: 'video',
  text_post: 'post',
  comment: 'comment',
  user: 'user',
  story: 'story',
  stream: 'stream',
  message: 'message',
};

/**
 * "Report" in another feature's more menu (the ReportAction slot): opens a form with the fixed
 * list of reasons and an optional description, and files the report. `onDone` closes the menu
 * once the form is sent or cancelled.
 */
export function ReportAction({
  contentType,
  contentId,
  onDone,
}: {
  contentType: ContentType;
  contentId: string;
  onDone: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [description, setDescription] = useState('');
  const file = useFileReport();
  const reasons = useReportReasons(open);
  const descriptionId = useId();

  const close = () => {
    setOpen(false);
    onDone();
  };
  const submit = () => {
    if (!reason) return;
    file.mutate(
      { contentType, contentId, reportReason: reason, description },
      {
        onSuccess: () => {
          toast({ title: REPORT_FORM_TEXTS.sentTitle, description: REPORT_FORM_TEXTS.sentDescription });
          close();
        },
        onError: (error) => toastFailure(REPORT_FORM_TEXTS.failedTitle, error),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        role="menuitem"
        className="menu__item"
        data-testid="report-menu-item"
        onClick={() => setOpen(true)}
      >
        {REPORT_FORM_TEXTS.menuItem}
      </button>
      {open && (
        <Modal
          title={REPORT_FORM_TEXTS.title(WHAT[contentType])}
          onClose={close}
          testId="report-dialog"
          footer={
            <>
              <button type="button" className="btn btn--ghost" onClick={close}>
                {REPORT_FORM_TEXTS.cancel}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={!reason || file.isPending}
                onClick={submit}
                data-testid="report-form-submit"
              >
                {REPORT_FORM_TEXTS.submit}
              </button>
            </>
          }
        >
          <fieldset className="report-form__reasons">
            <legend className="field__label">{REPORT_FORM_TEXTS.reasonLegend}</legend>
            {reasons.isPending && <span className="spinner" role="progressbar" aria-label="Loading reasons" />}
            {reasons.data?.map((r) => (
              <label key={r} className="report-form__reason">
                <input
                  type="radio"
                  name="report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  data-testid={`report-form-reason-${r}`}
                />
                {reasonLabel(r)}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={descriptionId} className="field__label">
              {REPORT_FORM_TEXTS.descriptionLabel}
            </label>
            <textarea
              id={descriptionId}
              className="input textarea"
              maxLength={REPORT_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              data-testid="report-form-description"
            />
          </div>
        </Modal>
      )}
    </>
  );
}
