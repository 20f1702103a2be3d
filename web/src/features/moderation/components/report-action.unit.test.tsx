import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { ReportAction } from './report-action.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appToasts.dismiss();
});

function renderReport(answer: () => Response) {
  const fetch = stubFetch((url, init) => {
    if (url === '/api/reports' && init.method === 'POST') return answer();
    if (url === '/api/reports/reasons') return json(200, { reportReasons: ['spam', 'harassment', 'other'] });
    return json(404, {});
  });
  const onDone = vi.fn();
  renderWithApp(
    <div role="menu">
      <ReportAction contentType="comment" contentId="c-1" onDone={onDone} />
    </div>,
  );
  fireEvent.click(screen.getByRole('menuitem', { name: 'Report' }));
  return { fetch, onDone };
}

describe('ReportAction', () => {
  it('files the chosen reason and description for this item, thanks the reporter and closes', async () => {
    const { fetch, onDone } = renderReport(() => json(201, { id: 'r-1', status: 'pending' }));
    expect(screen.getByRole('dialog', { name: 'Report comment' })).toBeTruthy();
    const submit = screen.getByTestId('report-form-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true); // a reason is required
    // Only the reasons admins left enabled are offered.
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
        'spam',
        'harassment',
        'other',
      ]),
    );
    fireEvent.click(screen.getByTestId('report-form-reason-harassment'));
    fireEvent.change(screen.getByTestId('report-form-description'), { target: { value: 'keeps insulting me' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Report sent'));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/reports')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      contentType: 'comment',
      contentId: 'c-1',
      reportReason: 'harassment',
      description: 'keeps insulting me',
    });
    expect(onDone).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's message when the report is refused, and keeps the form open", async () => {
    const { onDone } = renderReport(() =>
      json(409, {
        error: 'already_reported',
        message: 'You have already reported this content; a moderator will look at it',
      }),
    );
    fireEvent.click(await screen.findByTestId('report-form-reason-spam'));
    fireEvent.click(screen.getByTestId('report-form-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe(
        'You have already reported this content; a moderator will look at it',
      ),
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
