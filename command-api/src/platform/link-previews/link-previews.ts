import type { FastifyBaseLogger } from 'fastify';
import type { LinkPreview } from './link-preview.ts';

/**
 * One kind of shareable page a feature owns: its client path (":name" segments are parameters,
 * as the web client's routes spell them) and how to read its preview as a visitor. Null: nothing
 * public there (unknown, removed, hidden or still processing), so the page gets no preview.
 */
export interface PagePreview<Ctx> {
  readonly path: string;
  readonly preview: (params: Readonly<Record<string, string>>, ctx: Ctx) => Promise<LinkPreview | null>;
}

interface Mounted {
  readonly segments: readonly string[];
  readonly preview: (params: Readonly<Record<string, string>>) => Promise<LinkPreview | null>;
}

/** The features' page previews, found by the path the web client serves. */
export class LinkPreviews {
  private readonly pages: Mounted[] = [];

  constructor(private readonly logger: FastifyBaseLogger) {}

  add<Ctx>(pages: readonly PagePreview<Ctx>[], ctx: Ctx): void {
    for (const page of pages)
      this.pages.push({ segments: page.path.split('/'), preview: (params) => page.preview(params, ctx) });
  }

  /** The preview for `path`, or null. A failing read is logged and the page is served without one. */
  async find(path: string): Promise<LinkPreview | null> {
    const segments = path.split('/');
    for (const page of this.pages) {
      const params = match(page.segments, segments);
      if (!params) continue;
      try {
        return await page.preview(params);
      } catch (error) {
        this.logger.warn({ err: error, path }, 'link preview failed; the page is served without one');
        return null;
      }
    }
    return null;
  }
}

function match(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i]!;
    const got = segments[i]!;
    if (want.startsWith(':')) {
      if (!got) return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null; // a malformed escape: no such page
      }
    } else if (want !== got) return null;
  }
  return params;
}
