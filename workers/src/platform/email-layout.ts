import { escapeHtml } from '@myworld/schemas/server';

/** What a feature's template gives the mail transport. */
export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/**
 * The one HTML look of MyWorld's emails (the accounts emails' layout): a title, paragraphs, one
 * button with the link also written out (for clients that hide buttons), and a small footer.
 * Every text is escaped.
 */
export function emailHtml(
  title: string,
  paragraphs: readonly string[],
  link: string,
  button: string,
  footer: string,
): string {
  const p = paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join('');
  const href = escapeHtml(link);
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(title)}</h1>${p}
<p style="margin:24px 0"><a href="${href}" style="background:#7c3aed;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, open this link: <a href="${href}">${href}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(footer)}</p></body></html>`;
}
