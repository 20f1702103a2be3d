import { interactionResponse, type InteractionBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/user-interactions: a view of a post (the server counts one per viewer per item per hour). */
export async function recordView(postId: string, at: Date = new Date()) {
  const body: InteractionBody = { contentId: postId, interactionType: 'view', timestamp: at.toISOString() };
  return interactionResponse.parse(await apiJson('POST', '/api/user-interactions', body));
}
