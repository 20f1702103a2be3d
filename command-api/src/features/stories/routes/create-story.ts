import { errorCodes } from 'fastify';
import { storyFormFields, storyResponse } from '@myworld/schemas';
import { newAggregateId } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { storiesRoute } from '../context.ts';
import { storyPayload } from '../created-story.ts';
import { parseStoryFields } from '../story-fields.ts';
import { STORY_FILE_FIELD, readStoryForm } from '../story-form.ts';
import { attachStoryMedia, storyUploadKey } from '../story-media.ts';
import { loadStory, runStoryCommand } from '@myworld/write-model/stories';

/**
 * Creates a story from a multipart form (mediaType, content, backgroundColor and the file part media). The file is streamed to the author's upload
 * namespace, then attached (checked and processed) like any upload; the story expires
 * STORY_TTL_SECONDS (24 h) after creation.
 */
export const createStory = storiesRoute({
  method: 'POST',
  url: '/api/stories',
  summary: 'Create a story (multipart form)',
  description:
    "multipart/form-data: `mediaType` (text, image or video), `content` (500 characters; a text story's text, else a caption), `backgroundColor` (default #000000) and the file part `media` (image 10 MB, video 100 MB; send the text fields first). " +
    '400 "Content required" (content) for a text story without text, "Media required" (media) for an image or video story without a file, and a 400 naming media for a file of the wrong type or size. ' +
    'The story expires 24 hours after creation (STORY_TTL_SECONDS).',
  config: {
    auth: 'user',
    command: 'CreateStory',
    multipart: { fields: storyFormFields, files: [STORY_FILE_FIELD] },
    limit: 'stories',
  },
  schema: { response: { 201: withPosition(storyResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    if (!request.isMultipart()) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    // A retry with the same Idempotency-Key names the same story (and its file the same key);
    // when that story exists, its file is not stored again and the recorded answer is replayed.
    const storyId = newAggregateId(commandContext(request, userId), userId, 'story');
    const retried = (await loadStory(ctx.store, storyId)).status !== 'none';
    const form = await readStoryForm(request, ctx.storage, {
      key: storyUploadKey(userId, storyId),
      store: !retried,
    }).catch((error: unknown) => {
      // The rest of a refused body is left unread: close the connection after answering.
      reply.header('connection', 'close');
      throw error;
    });
    const discard = async () => void (form.file && (await ctx.storage.delete(form.file.key)));
    try {
      const fields = parseStoryFields(form.fields);
      // The Idempotency-Key's request fingerprint covers the text fields.
      request.body = fields;
      const context = commandContext(request, userId);
      if (fields.mediaType === 'text') await discard();
      const media = await attachStoryMedia(ctx, {
        ownerId: userId,
        mediaType: fields.mediaType,
        file: form.file,
        context,
      });
      const result = await runStoryCommand(
        ctx.store,
        storyId,
        {
          type: 'CreateStory',
          storyId,
          authorId: userId,
          ...fields,
          media,
          ttlSeconds: ctx.config.STORY_TTL_SECONDS,
          now: new Date(),
        },
        context,
      );
      const created = result.events.find((e) => e.type === 'StoryCreated');
      if (created?.type !== 'StoryCreated') throw new Error(`story ${storyId} was answered without its event`);
      return replyWithPosition(reply, result.position, { story: await storyPayload(ctx, created.data) }, 201);
    } catch (error) {
      // Nothing refers to a file of a refused story (attaching deletes a refused one itself).
      if (form.file && !retried) await discard().catch(() => undefined);
      throw error;
    }
  },
});
