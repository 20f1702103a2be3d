import { sql, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';
import { MODERATION_MESSAGES, conversationStreamName, readEvent, type DomainEvent } from '@myworld/schemas';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';

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

const HANDLED = new Set([
  'MessageSent',
  'ConversationRead',
  'UserRegistered',
  'ProfileCustomized',
  'ContentRemoved',
  'AccountReinstated',
  'AccountDeleted',
]);

/**
 * A new text for messages of earlier batches: removed by a moderator (by id) or redacted (every one
 * a deleted account sent). A removed (suspended) user's keep theirs: see `suspended` below. In batch order; the last that matches
 * a message wins.
 */
interface Rewrite {
  readonly messageIds: readonly string[];
  readonly senderIds: readonly string[];
  readonly content: string;
}

/** The text the batch's rewrites give a message with this id and sender (SQL expressions), or null when none matches. */
function rewrittenContent(
  rewrites: readonly Rewrite[],
  id: RawBuilder<unknown>,
  senderId: RawBuilder<unknown>,
): RawBuilder<string | null> {
  if (rewrites.length === 0) return sql`null::text`;
  const latestFirst = [...rewrites]
    .reverse()
    .map(
      (r) =>
        sql`when ${id} = any(${r.messageIds}::text[]) or ${senderId} = any(${r.senderIds}::text[]) then ${r.content}::text`,
    );
  return sql`(case ${sql.join(latestFirst, sql` `)} end)`;
}

/**
 * The conversations read model's set-based path: a whole batch in a few statements, run with the
 * checkpoint move as one statement (the runner's write transaction then lasts one round trip,
 * which keeps the lag that `new_message` pushes wait for short under load). The changes are folded
 * in batch order here; SQL adds them to the rows as they were before the batch. It is the read
 * model's only path: a single event is a batch of one.
 *
 * A message adds one to its receiver's unread counters; ConversationRead takes the reader's back
 * to 0. A message a moderator removed keeps its place with MODERATION_MESSAGES.messageRemoved as
 * its text; a suspended user's keep their text and read as removed until an AccountReinstated. A
 * deleted account's messages get the redaction as their text (what a replay reads) and their card
 * goes; the messages they received stay (they belong to their senders).
 */
export function conversationsBatch(schema: string, batch: readonly RecordedEvent[]): RawBuilder<unknown>[] {
  const messages: Array<{
    id: string;
    conversationId: string;
    version: number;
    senderId: string;
    receiverId: string;
    content: string;
    at: string;
  }> = [];
  const rows = new Map<string, RowChange>();
  const cards = new Map<
    string,
    { registered?: { username: string; firstName: string; lastName: string }; image?: string | null }
  >();
  const rewrites: Rewrite[] = [];
  // A rewrite reaches what this batch already folded here, and what earlier batches wrote in SQL.
  const rewrite = (by: { messageId?: string; senderId?: string }, content: string) => {
    const matches = (m: { id: string; senderId: string }) => m.id === by.messageId || m.senderId === by.senderId;
    for (const m of messages) if (matches(m)) m.content = content;
    for (const change of rows.values())
      if (change.last && matches(change.last)) change.last = { ...change.last, content };
    rewrites.push({
      messageIds: by.messageId ? [by.messageId] : [],
      senderIds: by.senderId ? [by.senderId] : [],
      content,
    });
  };
  const deletedCards: string[] = [];
  // Who ends the batch suspended (true) or not (false), by the last event about them: a set, so only the end state counts.
  const suspended = new Map<string, boolean>();
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
        messages.push({
          id: d.messageId,
          conversationId: conversationStreamName(d.senderId, d.receiverId),
          version: Number(recorded.version),
          senderId: d.senderId,
          receiverId: d.receiverId,
          content: d.content,
          at: d.sentAt,
        });
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
      case 'ContentRemoved': {
        const { contentType, contentId } = event.data;
        if (contentType === 'message') rewrite({ messageId: contentId }, MODERATION_MESSAGES.messageRemoved);
        if (contentType === 'user') suspended.set(contentId, true);
        break;
      }
      case 'AccountReinstated':
        suspended.set(event.data.userId, false);
        break;
      case 'AccountDeleted':
        rewrite({ senderId: event.data.userId }, REDACTED_TEXT);
        suspended.set(event.data.userId, false);
        cards.delete(event.data.userId);
        deletedCards.push(event.data.userId);
        break;
    }
  }
  return [
    ...messageStatements(schema, messages, rewrites),
    ...rowStatements(schema, [...rows.values()], rewrites),
    ...cardStatements(schema, cards),
    ...(deletedCards.length > 0
      ? [sql`delete from ${sql.id(schema, 'user_cards')} where user_id = any(${deletedCards}::text[])`]
      : []),
    ...suspensionStatements(schema, suspended),
  ];
}

function suspensionStatements(schema: string, suspended: ReadonlyMap<string, boolean>): RawBuilder<unknown>[] {
  const table = sql.id(schema, 'suspended_senders');
  const now = [...suspended].filter(([, s]) => s).map(([id]) => id);
  const lifted = [...suspended].filter(([, s]) => !s).map(([id]) => id);
  return [
    ...(lifted.length > 0 ? [sql`delete from ${table} where user_id = any(${lifted}::text[])`] : []),
    ...(now.length > 0
      ? [sql`insert into ${table} (user_id) select unnest(${now}::text[]) on conflict (user_id) do nothing`]
      : []),
  ];
}

function messageStatements(
  schema: string,
  messages: ReadonlyArray<{
    id: string;
    conversationId: string;
    version: number;
    senderId: string;
    receiverId: string;
    content: string;
    at: string;
  }>,
  rewrites: readonly Rewrite[],
): RawBuilder<unknown>[] {
  // The statement sees the table as it was before the batch: only earlier batches' messages.
  const rewritten = rewrittenContent(rewrites, sql`m.id`, sql`m.sender_id`);
  const removals =
    rewrites.length > 0
      ? [sql`update ${sql.id(schema, 'messages')} m set content = ${rewritten} where ${rewritten} is not null`]
      : [];
  if (messages.length === 0) return removals;
  const column = <K extends keyof (typeof messages)[number]>(key: K) => messages.map((m) => m[key]);
  return [
    ...removals,
    sql`insert into ${sql.id(schema, 'messages')} (id, conversation_id, version, sender_id, receiver_id, content, created_at)
        select * from unnest(${column('id')}::text[], ${column('conversationId')}::text[], ${column('version')}::bigint[], ${column('senderId')}::text[],
                             ${column('receiverId')}::text[], ${column('content')}::text[], ${column('at')}::timestamptz[])`,
  ];
}

function rowStatements(
  schema: string,
  changes: readonly RowChange[],
  rewrites: readonly Rewrite[],
): RawBuilder<unknown>[] {
  const conversations = sql.id(schema, 'conversations');
  // A row whose last message (from before the batch) was rewritten shows the new text. Rows this
  // batch changes get it in their own update (a row is changed once per statement).
  const rewritten = rewrittenContent(rewrites, sql`c.last_message_id`, sql`c.last_sender_id`);
  const anyRewrites = rewrites.length > 0;
  if (changes.length === 0) {
    return anyRewrites
      ? [sql`update ${conversations} c set last_content = ${rewritten} where ${rewritten} is not null`]
      : [];
  }
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
           set last_message_id = coalesce(r.last_id, c.last_message_id),
               last_content = coalesce(r.last_content, ${rewritten}, c.last_content),
               last_sender_id = coalesce(r.last_sender_id, c.last_sender_id), last_at = coalesce(r.last_at, c.last_at),
               unread_count = case when r.reset then 0 else c.unread_count end + r.added
          from ${input}
         where c.user_id = r.user_id and c.other_user_id = r.other_user_id`,
    ...(anyRewrites
      ? [
          sql`update ${conversations} c set last_content = ${rewritten}
               where ${rewritten} is not null and not exists (select 1 from ${input} where r.user_id = c.user_id and r.other_user_id = c.other_user_id)`,
        ]
      : []),
    sql`insert into ${conversations} (user_id, other_user_id, last_message_id, last_content, last_sender_id, last_at, unread_count)
        select r.user_id, r.other_user_id, r.last_id, r.last_content, r.last_sender_id, r.last_at, r.added from ${input}
         where r.last_id is not null and not exists (select 1 from ${conversations} c where c.user_id = r.user_id and c.other_user_id = r.other_user_id)`,
    sql`update ${totals} t set total = t.total + d.delta from ${deltas} where t.user_id = d.user_id and d.delta <> 0`,
    sql`insert into ${totals} (user_id, total)
        select d.user_id, d.delta from ${deltas} where d.received and not exists (select 1 from ${totals} t where t.user_id = d.user_id)`,
  ];
}

function cardStatements(
  schema: string,
  cards: ReadonlyMap<
    string,
    { registered?: { username: string; firstName: string; lastName: string }; image?: string | null }
  >,
): RawBuilder<unknown>[] {
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
