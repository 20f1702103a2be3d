import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, testMetadata, type TestDatabase } from '@myworld/eventstore/testing';
import { mediaIdOfKey, runMediaCommand } from '@myworld/write-model/media';
import { openTestStorage, type TestStorage } from '@myworld/storage/testing';
import { deleteAbandonedUploads } from './abandoned-uploads.ts';

const DAY_AND_AN_HOUR = 25 * 3600_000;

describe('abandoned uploads (real store and log)', () => {
  let t: TestStorage;
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await openTestStorage('abandoned');
    database = await createTestDatabase('abandoned');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
    await t?.drop();
  });

  it('after 24 h deletes uploads nothing attached and aborts unfinished multipart uploads; attached ones and newer ones stay', async () => {
    const owner = 'u1';
    const key = (name: string) => `uploads/${owner}/${name}-${randomBytes(4).toString('hex')}`;
    const [abandoned, attached, other] = [key('abandoned'), key('attached'), `media/x/display.webp`];
    for (const k of [abandoned, attached, other]) await t.storage.put(k, Buffer.from('x'), 'application/octet-stream');
    const mediaId = mediaIdOfKey(attached);
    await runMediaCommand(
      store,
      mediaId,
      {
        type: 'AttachUpload',
        mediaId,
        ownerId: owner,
        key: attached,
        purpose: 'post_photo',
        kind: 'image',
        contentType: 'image/png',
        size: 1,
        now: new Date(),
      },
      { metadata: testMetadata() },
    );
    const unfinishedKey = key('unfinished');
    const uploadId = await t.storage.createMultipart(unfinishedKey, 'video/mp4');

    // Within the day: nothing goes.
    expect(await deleteAbandonedUploads(t.storage, store)).toEqual({ deleted: 0, aborted: 0 });
    const later = new Date(Date.now() + DAY_AND_AN_HOUR);
    expect(await deleteAbandonedUploads(t.storage, store, later)).toEqual({ deleted: 1, aborted: 1 });
    expect(await t.storage.head(abandoned)).toBeUndefined();
    expect(await t.storage.head(attached)).toBeDefined();
    expect(await t.storage.head(other)).toBeDefined();
    expect(await t.storage.listParts(unfinishedKey, uploadId)).toBeUndefined();
  });
});
