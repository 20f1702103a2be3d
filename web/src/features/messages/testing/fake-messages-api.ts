import { MESSAGES_PAGE_SIZE, type Conversation, type DirectMessage, type Profile } from '@myworld/schemas';
import { testUser } from '../../../testing/fixtures.ts';
import { json } from '../../../testing/stub-fetch.ts';

/**
 * A small in-memory messaging server for the feature's tests: GET /api/conversations, GET
 * /api/messages/{id}(?before=), POST /api/messages, PUT /api/messages/{id}/read and GET
 * /api/users/{id}/profile, answering as the real routes do, for the signed-in `testUser()`.
 */

export const ME = testUser().id;
type User = Conversation['otherUser'];
export const SAM: User = {
  id: '00000000-0000-4000-8000-00000000a002',
  username: 'sam',
  firstName: 'Sam',
  lastName: 'Lee',
  profileImageUrl: null,
};
export const ALEX: User = {
  id: '00000000-0000-4000-8000-00000000a003',
  username: 'alex',
  firstName: 'Alex',
  lastName: 'Kim',
  profileImageUrl: '/objects/avatars/alex.webp',
};
export const NORA: User = {
  id: '00000000-0000-4000-8000-00000000a004',
  username: 'nora',
  firstName: 'Nora',
  lastName: 'Vale',
  profileImageUrl: null,
};

let counter = 0;
/** A message `minutesAgo` minutes old. */
export function dm(from: string, to: string, content: string, minutesAgo = 1): DirectMessage {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    senderId: from,
    receiverId: to,
    content,
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  };
}

export function profileOf(user: User): Profile {
  return {
    ...user,
    bio: null,
    aboutMe: null,
    backgroundImageUrl: null,
    backgroundColor: '#000000',
    textColor: '#ffffff',
    followerCount: 0,
    followingCount: 0,
    postCount: 0,
    isFollowing: false,
    isSelf: false,
  };
}

interface Init {
  users?: User[];
  /** Each conversation's messages, oldest first. */
  threads?: Record<string, DirectMessage[]>;
  /** Unread messages per other user. */
  unread?: Record<string, number>;
}

type Answer = Response | Promise<Response>;

export function fakeMessagesApi({ users = [SAM, ALEX, NORA], threads = {}, unread = {} }: Init = {}) {
  const state = { threads: { ...threads }, unread: { ...unread } };
  /** Set to answer the next POST /api/messages with this instead of storing the message. */
  const sends: { next: (() => Answer) | null } = { next: null };
  const totalUnread = () => Object.values(state.unread).reduce((a, b) => a + b, 0);

  const conversations = (): Conversation[] =>
    Object.entries(state.threads)
      .filter(([, messages]) => messages.length > 0)
      .map(([otherId, messages]) => {
        const last = messages.at(-1)!;
        const u = users.find((x) => x.id === otherId)!;
        return {
          otherUser: u,
          lastMessage: { content: last.content, createdAt: last.createdAt, senderId: last.senderId },
          unreadCount: state.unread[otherId] ?? 0,
        };
      })
      .sort((a, b) => b.lastMessage.createdAt.localeCompare(a.lastMessage.createdAt));

  /** Stores a message as the server would (another user sending to ME), for a push to follow. */
  function deliver(message: DirectMessage): number {
    const otherId = message.senderId === ME ? message.receiverId : message.senderId;
    state.threads[otherId] = [...(state.threads[otherId] ?? []), message];
    if (message.receiverId === ME) state.unread[otherId] = (state.unread[otherId] ?? 0) + 1;
    return totalUnread();
  }

  function handler(url: string, init: RequestInit): Answer {
    const method = init.method ?? 'GET';
    if (url === '/api/auth/user') return json(200, testUser());
    if (url === '/api/conversations' && method === 'GET') return json(200, conversations());
    const read = /^\/api\/messages\/([^/?]+)\/read$/.exec(url);
    if (read && method === 'PUT') {
      state.unread[read[1]!] = 0;
      return json(200, { unreadCount: 0, totalUnread: totalUnread() });
    }
    const list = /^\/api\/messages\/([^/?]+)(?:\?before=(.+))?$/.exec(url);
    if (list && method === 'GET') {
      const all = state.threads[list[1]!] ?? [];
      const end = list[2] ? all.findIndex((m) => m.id === list[2]) : all.length;
      return json(200, all.slice(Math.max(0, end - MESSAGES_PAGE_SIZE), end));
    }
    if (url === '/api/messages' && method === 'POST') {
      const answer = sends.next;
      sends.next = null;
      if (answer) return answer();
      const body = JSON.parse(String(init.body)) as { receiverId: string; content: string };
      const message = dm(ME, body.receiverId, body.content, 0);
      deliver(message);
      return json(201, { message });
    }
    const profile = /^\/api\/users\/([^/]+)\/profile$/.exec(url);
    if (profile) {
      const u = users.find((x) => x.id === profile[1]);
      return u ? json(200, profileOf(u)) : json(404, { error: 'not_found', message: 'User not found' });
    }
    return json(404, { error: 'not_found', message: `no fake for ${method} ${url}` });
  }

  return { state, sends, deliver, handler };
}
