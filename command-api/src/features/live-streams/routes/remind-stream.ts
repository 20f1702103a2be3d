import { streamIdParam, streamReminderResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { liveStreamsRoute } from '../context.ts';
import { runLiveStreamCommand } from '@myworld/write-model/live-streams';

const description = 'Only for a scheduled stream (409 otherwise), never your own (403); repeating it changes nothing.';

/** "Remind Me": the workers tell the user when the scheduled stream starts. */
export const remindStream = liveStreamsRoute({
  method: 'POST',
  url: '/api/streams/:id/remind',
  summary: 'Be reminded when a scheduled stream starts',
  description,
  config: { auth: 'user', command: 'RequestReminder', limit: 'reminders' },
  schema: { params: streamIdParam, body: noBody, response: { 200: streamReminderResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'RequestReminder', userId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { streamId: id, reminded: true });
  },
});

/** Undoes "Remind Me". */
export const cancelStreamReminder = liveStreamsRoute({
  method: 'DELETE',
  url: '/api/streams/:id/remind',
  summary: 'No longer be reminded of a scheduled stream',
  description,
  config: { auth: 'user', command: 'CancelReminder', limit: 'reminders' },
  schema: { params: streamIdParam, response: { 200: streamReminderResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id } = request.params;
    const result = await runLiveStreamCommand(
      ctx.store,
      id,
      { type: 'CancelReminder', userId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { streamId: id, reminded: false });
  },
});
