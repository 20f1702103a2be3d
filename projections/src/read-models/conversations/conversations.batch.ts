import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';
import { conversationStreamName, readEvent, type DomainEvent } from '@myworld/schemas';

/** How one batch changes one user's conversation row: the last message, whether they read it, and what arrived after. */
interface RowChange {
  readonly userId: string;
  readonly otherUserId: string;
  last: { id: string; content: string; senderId: string; at: string } | null;
  /** The user read the conversation in this batch: their unread count restarts from 0 there. */
  reset: boolean;
  /** Messages to the user after their last read in this batch (all of this batch's, if none). */
  added: number;
  /** The user received a message in this batch (their total's row exists from then on). */
  received: boolean;
}

const HANDLED = new Set(['MessageSent', 'ConversationRead', 'UserRegistered', 'ProfileCustomized']);

/**
 * The conversations read model's set-based path: a whole batch in a few statements, run with the
 * checkpoint move as one statement (the runner's write transaction then lasts one round trip,
 * which keeps the lag that `new_message` pushes wait for short under load). The changes are folded
 * in batch order here; SQL adds them to the rows as they were before the batch. The per-event
 * handlers (conversations.handlers.ts) say the same for one event; a test builds both and compares.
 */
export function conversationsBatch(schema: string, batch: readonly RecordedEvent[]): RawBuilder<unknown>[] {
  const messages: Array<{ id: string; conversationId: string; version: number; senderId: string; receiverId: string; content: string; at: string }> = [];
  const rows = new Map<string, RowChange>();
  const cards = new Map<string, { registered?: { username: string; firstName: string; lastName: string }; image?: string | null }>();
  const row = (userId: string, otherUserId: string) => {
    const key = `${userId}/${otherUserId}`;
    let change = rows.get(key);
    if (!change) rows.set(key, (change = { userId, otherUserId, last: null, reset: false, added: 0, received: false }));
    return change;
  };
  for (const recorded of batch) {
    // Other features' events are not even parsed: their payloads are none of this read model's business.
    if (!HANDLED.has(recorded.type)) continue;
    const event = readEvent(recorded) as DomainEvent;
    switch (event.type) {
      case 'MessageSent': {
        const d = event.data;
        messages.push({ id: d.messageId, conversationId: conversationStreamName(d.senderId, d.receiverId), version: Number(recorded.version), senderId: d.senderId, receiverId: d.receiverId, content: d.content, at: d.sentAt });
        const last = { id: d.messageId, content: d.content, senderId: d.senderId, at: d.sentAt };
        row(d.senderId, d.receiverId).last = last;
        const receiver = row(d.receiverId, d.senderId);
        Object.assign(receiver, { last, added: receiver.added + 1, received: true });
        break;
      }
      case 'ConversationRead':
        Object.assign(row(event.data.readerId, event.data.otherUserId), { reset: true, added: 0 });
        break;
      case 'UserRegistered': {
        const { userId, username, firstName, lastName } = event.data;
        cards.set(userId, { registered: { username, firstName, lastName }, image: null });
        break;
      }
      case 'ProfileCustomized':
        cards.set(event.data.userId, { ...cards.get(event.data.userId), image: event.data.profileImageUrl });
        break;
    }
  }
  return [...messageStatements(schema, messages), ...rowStatements(schema, [...rows.values()]), ...cardStatements(schema, cards)];
}

function messageStatements(schema: string, messages: ReadonlyArray<{ id: string; conversationId: string; version: number; senderId: string; receiverId: string; content: string; at: string }>): RawBuilder<unknown>[] {
  if (messages.length === 0) return [];
  const column = <K extends keyof (typeof messages)[number]>(key: K) => messages.map((m) => m[key]);
  return [
    sql`insert into ${sql.id(schema, 'messages')} (id, conversation_id, version, sender_id, receiver_id, content, created_at)
        select * from unnest(${column('id')}::text[], ${column('conversationId')}::text[], ${column('version')}::bigint[], ${column('senderId')}::text[],
                             ${column('receiverId')}::text[], ${column('content')}::text[], ${column('at')}::timestamptz[])`,
  ];
}

function rowStatements(schema: string, changes: readonly RowChange[]): RawBuilder<unknown>[] {
  if (changes.length === 0) return [];
  const conversations = sql.id(schema, 'conversations');
  const totals = sql.id(schema, 'unread_totals');
  const input = sql`unnest(
      ${changes.map((c) => c.userId)}::text[], ${changes.map((c) => c.otherUserId)}::text[], ${changes.map((c) => c.last?.id ?? null)}::text[],
      ${changes.map((c) => c.last?.content ?? null)}::text[], ${changes.map((c) => c.last?.senderId ?? null)}::text[], ${changes.map((c) => c.last?.at ?? null)}::timestamptz[],
      ${changes.map((c) => c.reset)}::boolean[], ${changes.map((c) => c.added)}::integer[], ${changes.map((c) => c.received)}::boolean[]
    ) as r(user_id, other_user_id, last_id, last_content, last_sender_id, last_at, reset, added, received)`;
  // Each user's total moves by what their rows move: what arrived, less what was unread where they read.
  const deltas = sql`(select r.user_id, sum(r.added - case when r.reset then coalesce(c.unread_count, 0) else 0 end) as delta, bool_or(r.received) as received
      from ${input} left join ${conversations} c on c.user_id = r.user_id and c.other_user_id = r.other_user_id
      group by r.user_id) d`;
  return [
    sql`update ${conversations} c
           set last_message_id = coalesce(r.last_id, c.last_message_id), last_content = coalesce(r.last_content, c.last_content),
               last_sender_id = coalesce(r.last_sender_id, c.last_sender_id), last_at = coalesce(r.last_at, c.last_at),
               unread_count = case when r.reset then 0 else c.unread_count end + r.added
          from ${input}
         where c.user_id = r.user_id and c.other_user_id = r.other_user_id`,
    sql`insert into ${conversations} (user_id, other_user_id, last_message_id, last_content, last_sender_id, last_at, unread_count)
        select r.user_id, r.other_user_id, r.last_id, r.last_content, r.last_sender_id, r.last_at, r.added from ${input}
         where r.last_id is not null and not exists (select 1 from ${conversations} c where c.user_id = r.user_id and c.other_user_id = r.other_user_id)`,
    sql`update ${totals} t set total = t.total + d.delta from ${deltas} where t.user_id = d.user_id and d.delta <> 0`,
    sql`insert into ${totals} (user_id, total)
        select d.user_id, d.delta from ${deltas} where d.received and not exists (select 1 from ${totals} t where t.user_id = d.user_id)`,
  ];
}

function cardStatements(schema: string, cards: ReadonlyMap<string, { registered?: { username: string; firstName: string; lastName: string }; image?: string | null }>): RawBuilder<unknown>[] {
  const registered = [...cards].filter(([, c]) => c.registered);
  const customized = [...cards].filter(([, c]) => !c.registered && c.image !== undefined);
  const statements: RawBuilder<unknown>[] = [];
  if (registered.length > 0) {
    statements.push(sql`insert into ${sql.id(schema, 'user_cards')} (user_id, username, first_name, last_name, profile_image_url)
        select * from unnest(${registered.map(([id]) => id)}::text[], ${registered.map(([, c]) => c.registered!.username)}::text[], ${registered.map(([, c]) => c.registered!.firstName)}::text[],
                             ${registered.map(([, c]) => c.registered!.lastName)}::text[], ${registered.map(([, c]) => c.image ?? null)}::text[])`);
  }
  if (customized.length > 0) {
    statements.push(sql`update ${sql.id(schema, 'user_cards')} u set profile_image_url = x.image
        from unnest(${customized.map(([id]) => id)}::text[], ${customized.map(([, c]) => c.image ?? null)}::text[]) as x(user_id, image)
       where u.user_id = x.user_id`);
  }
  return statements;
}
