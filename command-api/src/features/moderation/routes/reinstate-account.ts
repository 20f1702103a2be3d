import { MODERATION_MESSAGES, reinstateUserBody, reinstateUserParams, reinstatedUserResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { locateContent, runContentCommand } from '@myworld/write-model/moderation';
import { moderationRoute } from '../context.ts';

/**
 * An admin reinstates a user a moderator suspended (removed): AccountReinstated on the user's own
 * stream, after which they may sign in again, their profile is shown again, and the reports filed
 * on them before no longer count toward hiding them. It shows in their reports' timelines.
 */
export const reinstateAccount = moderationRoute({
  method: 'POST',
  url: '/api/admin/users/:userId/reinstate',
  summary: 'Reinstate a suspended account (admins)',
  description: `note: at most 1,000 characters, kept in the report timeline (default "${MODERATION_MESSAGES.reinstatedNote}"). 404 for an unknown user, 409 not_suspended for a user who is not suspended. Send an Idempotency-Key to retry safely.`,
  config: { auth: 'admin', command: 'ReinstateAccount', limit: 'staffActions' },
  schema: {
    params: reinstateUserParams,
    body: reinstateUserBody,
    response: { 200: withPosition(reinstatedUserResponse) },
  },
  handler: async ({ request, reply, ctx, userId }) => {
    const card = await locateContent(ctx, 'user', request.params.userId);
    if (!card) throw new DomainError('not_found', MODERATION_MESSAGES.userNotFound, 404, 'userId');
    const note = request.body.note?.trim() || MODERATION_MESSAGES.reinstatedNote;
    const result = await runContentCommand(
      ctx,
      card,
      { type: 'ReinstateAccount', adminId: userId, note, now: new Date() },
      commandContext(request, userId),
    );
    const event = result.events.find((e) => e.type === 'AccountReinstated');
    if (event?.type !== 'AccountReinstated') throw new Error('a reinstatement was answered without its event');
    return replyWithPosition(reply, result.position, {
      userId: card.content_id,
      suspended: false as const,
      reinstatedAt: event.data.reinstatedAt,
    });
  },
});
