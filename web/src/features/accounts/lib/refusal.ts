import { apiErrorBody } from '@myworld/schemas';
import { ApiError } from '../../../lib/api-client.ts';

/** What a refused request said, and the input it blamed (the body's `field`), to show beside that input. */
export interface Refusal {
  message: string;
  field?: string;
}

const refusalBody = apiErrorBody.pick({ message: true, field: true });

/** The server's words and field from a JSON error body; `fallback` for anything else (network, proxy pages). */
export function refusalOf(error: unknown, fallback: string): Refusal {
  if (!(error instanceof ApiError)) return { message: fallback };
  try {
    const body = refusalBody.safeParse(JSON.parse(error.bodyText));
    if (body.success && body.data.message) return body.data;
  } catch {
    // not JSON
  }
  return { message: fallback };
}
