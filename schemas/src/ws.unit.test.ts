import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_TYPES, clientMessage, serverMessage } from './ws.ts';

const STREAM = '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01';

describe('/ws messages', () => {
  it('accepts the envelope, the live-stream messages and the media requests', () => {
    expect(CLIENT_MESSAGE_TYPES).toEqual(
      expect.arrayContaining([
        'authenticate',
        'join_stream',
        'leave_stream',
        'stream_chat',
        'streamer_ready',
        'webrtc_offer',
        'webrtc_answer',
        'webrtc_ice_candidate',
      ]),
    );
    expect(clientMessage.parse({ type: 'stream_chat', content: '  hi  ' })).toEqual({
      type: 'stream_chat',
      content: 'hi',
    });
    expect(
      clientMessage.parse({ type: 'media_create_transport', requestId: 7, streamId: STREAM, direction: 'recv' }),
    ).toMatchObject({ requestId: 7 });
  });

  it('names what is wrong: an unknown type, a bad field, an empty or too long chat', () => {
    expect(clientMessage.safeParse({ type: 'nope' }).error!.issues[0]).toMatchObject({
      path: ['type'],
      message: 'unknown message type "nope"',
    });
    expect(clientMessage.safeParse({ type: 'join_stream', streamId: 'x' }).error!.issues[0]).toMatchObject({
      path: ['streamId'],
      message: 'streamId must be a UUID',
    });
    expect(clientMessage.safeParse({ type: 'stream_chat', content: ' ' }).error!.issues[0]).toMatchObject({
      path: ['content'],
      message: 'Please enter a message',
    });
    expect(clientMessage.safeParse({ type: 'stream_chat', content: 'x'.repeat(501) }).error!.issues[0]!.path).toEqual([
      'content',
    ]);
    expect(
      clientMessage.safeParse({
        type: 'media_connect_transport',
        requestId: 'a',
        streamId: STREAM,
        transportId: 't',
        dtlsParameters: { fingerprints: [] },
      }).success,
    ).toBe(false);
  });

  it('server messages carry the chat sender and the end reason', () => {
    expect(
      serverMessage.parse({
        type: 'chat_message',
        streamId: STREAM,
        message: {
          id: 'm',
          content: 'hi',
          createdAt: '2025-08-17T10:00:00.000Z',
          user: { id: 'u', username: 'bob', profileImageUrl: null },
        },
      }).type,
    ).toBe('chat_message');
    expect(serverMessage.safeParse({ type: 'stream_ended', streamId: STREAM, reason: 'bored' }).success).toBe(false);
  });

  it('has each message type once, so a feature cannot shadow the envelope', () => {
    expect(new Set(CLIENT_MESSAGE_TYPES).size).toBe(CLIENT_MESSAGE_TYPES.length);
    const serverTypes = serverMessage.options.map((o) => o.shape.type.value);
    expect(new Set(serverTypes).size).toBe(serverTypes.length);
    expect(serverTypes).toEqual(expect.arrayContaining(['authenticated', 'error', 'pong', 'media_response']));
    expect(clientMessage.parse({ type: 'ping' })).toEqual({ type: 'ping' });
  });
});
