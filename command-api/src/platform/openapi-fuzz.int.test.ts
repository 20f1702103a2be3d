import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../testing/index.ts';
import { testModerators } from '../features/moderation/moderation.testing.ts';
import { ROUTE_LIMITS, ROUTE_LIMIT_NAMES } from './rate-limits/route-limits.ts';

/**
 * Every operation of the generated OpenAPI document, called with malformed path parameters,
 * queries and bodies (NUL characters, lone surrogates, huge strings, wrong types, nested junk,
 * broken JSON) by a visitor, a user and a staff member: none may answer 5xx. The cases are drawn
 * from a seeded generator, so every run sends the same requests.
 */

interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  minLength?: number;
  pattern?: string;
  nullable?: boolean;
}
interface Operation {
  'x-auth'?: string;
  parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
/** One request: an inject call whose URL is a string. */
type Call = InjectOptions & { readonly method: string; readonly url: string };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** mulberry32: a small seeded generator, so the fuzz is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const LONE_SURROGATE = '\ud800';
/** Junk for a path parameter, as it appears in the URL. */
const PATH_JUNK = [
  '%00',
  `a%00b`,
  '%ED%A0%80',
  '%ud800',
  'x'.repeat(2_000),
  '%',
  '..%2F..%2Fetc',
  '-1',
  '1e999',
  '%F0%9F%98%80',
  '%20',
  'null',
];
/** Junk for a query value, as it appears in the URL. */
const QUERY_JUNK = ['%00', '%ED%A0%80', 'y'.repeat(20_000), '-1', '1e999', 'true', '%5B%5D', '%7B%7D', ''];
/** Junk for a JSON value. */
const VALUE_JUNK: readonly unknown[] = [
  '\u0000',
  `text${LONE_SURROGATE}`,
  '\udc00lone',
  'z'.repeat(200_000),
  -1,
  1e308,
  0.5,
  true,
  null,
  [],
  ['\u0000'],
  {},
  { nested: { deeper: [1, { '\u0000': 'key' }] } },
  '2026-13-45T99:99:99Z',
  '../../etc/passwd',
];
/** Whole bodies that are not what any route takes. */
const RAW_BODIES: ReadonlyArray<{ payload: string; contentType: string }> = [
  { payload: '{"broken":', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '[1,2,3]', contentType: 'application/json' },
  { payload: '"\\u0000"', contentType: 'application/json' },
  { payload: '{"\\u0000":"\\ud800"}', contentType: 'application/json' },
  { payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '\u0000\u0001\u0002', contentType: 'text/plain' },
];

describe('fuzzing every OpenAPI operation: malformed input never gets a 5xx', () => {
  let h: Harness;
  let doc: Document;
  const roles = testModerators();

  beforeAll(async () => {
    // Limits high enough that every request reaches its route's validation and handler.
    const env = Object.fromEntries(ROUTE_LIMIT_NAMES.map((name) => [ROUTE_LIMITS[name].env, '1000000/3600']));
    h = await startHarness({ label: 'openapi_fuzz', app: { roles }, env });
    const r = await h.client().get('/api/docs/json');
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    if (!schema) return {};
    if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split('/').at(-1)!]);
    const union = schema.anyOf ?? schema.oneOf ?? schema.allOf;
    if (union?.length) return resolve(union.find((s) => resolve(s).type !== 'null') ?? union[0]);
    return schema;
  };

  /** A value the schema probably accepts, so that one junk field at a time gets past the others. */
  const plausible = (raw: JsonSchema | undefined, depth = 0): unknown => {
    const schema = resolve(raw);
    if (schema.enum?.length) return schema.enum[0];
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    if (type === 'object' || schema.properties) {
      if (depth > 4) return {};
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]));
    }
    if (type === 'array') return depth > 4 ? [] : [plausible(schema.items, depth + 1)];
    if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
    if (type === 'boolean') return true;
    if (schema.format === 'uuid') return randomUUID();
    if (schema.format === 'date-time') return new Date().toISOString();
    if (schema.format === 'email') return 'fuzz@example.test';
    if (schema.pattern?.includes('#')) return '#123456';
    return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  };
  const plausibleParam = (schema: JsonSchema | undefined) => encodeURIComponent(String(plausible(schema)));

  /** The malformed requests of one operation (the same on every run: drawn from its own seed). */
  const casesOf = (path: string, method: string, op: Operation, seed: number): Call[] => {
    const random = seeded(seed);
    const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
    const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
    const url = (junk?: { name: string; value: string }, query = '') => {
      let filled = path;
      for (const p of pathParams)
        filled = filled.replace(`{${p.name}}`, junk?.name === p.name ? junk.value : plausibleParam(p.schema));
      return `${filled}${query}`;
    };
    const validQuery = queryParams.map((p) => `${encodeURIComponent(p.name)}=${plausibleParam(p.schema)}`).join('&');
    const cases: Call[] = [];
    const upper = method.toUpperCase();

    for (const p of pathParams)
      for (let i = 0; i < 2; i++)
        cases.push({ method: upper, url: url({ name: p.name, value: random.pick(PATH_JUNK) }) });
    cases.push({ method: upper, url: url(pathParams[0] ? { name: pathParams[0].name, value: '%00' } : undefined) });
    for (const p of queryParams) {
      cases.push({
        method: upper,
        url: url(undefined, `?${validQuery}&${encodeURIComponent(p.name)}=${random.pick(QUERY_JUNK)}`),
      });
      cases.push({
        method: upper,
        url: url(undefined, `?${encodeURIComponent(p.name)}=%00&${encodeURIComponent(p.name)}=%ED%A0%80`),
      });
    }
    cases.push({ method: upper, url: url(undefined, `?%00=%00&${'q'.repeat(3_000)}=1`) });

    const content = op.requestBody?.content ?? {};
    const json = content['application/json'];
    const form = content['multipart/form-data'];
    if (json || form || ['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) {
      for (let i = 0; i < 2; i++) {
        const raw = random.pick(RAW_BODIES);
        cases.push({ method: upper, url: url(), payload: raw.payload, headers: { 'content-type': raw.contentType } });
      }
    }
    if (json) {
      const schema = resolve(json.schema);
      const valid = plausible(schema) as Record<string, unknown>;
      cases.push({ method: upper, url: url(), payload: valid as object });
      for (const key of Object.keys(schema.properties ?? {})) {
        cases.push({
          method: upper,
          url: url(),
          payload: JSON.stringify({ ...valid, [key]: random.pick(VALUE_JUNK) }),
          headers: { 'content-type': 'application/json' },
        });
        cases.push({
          method: upper,
          url: url(),
          payload: JSON.stringify({ ...valid, [key]: '\u0000' }),
          headers: { 'content-type': 'application/json' },
        });
      }
      cases.push({
        method: upper,
        url: url(),
        payload: JSON.stringify({ ...valid, extra: { '\u0000': LONE_SURROGATE } }),
        headers: { 'content-type': 'application/json' },
      });
    }
    if (form) {
      const boundary = `fuzz${seed}`;
      const part = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const fields = Object.keys(resolve(form.schema).properties ?? {});
      for (const junk of ['\u0000', LONE_SURROGATE, 'w'.repeat(100_000)]) {
        const payload = `${fields.map((f) => part(f, f === 'mediaType' ? 'text' : junk)).join('')}--${boundary}--\r\n`;
        cases.push({
          method: upper,
          url: url(),
          payload,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        });
      }
      cases.push({
        method: upper,
        url: url(),
        payload: `--${boundary}\r\nbroken`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      const truncatedFile = `${part('mediaType', 'image')}--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`;
      cases.push({
        method: upper,
        url: url(),
        payload: truncatedFile,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    }
    return cases;
  };

  it('no operation answers 5xx to malformed input, as a visitor, a user or a staff member', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.length).toBeGreaterThan(80);
    const failures: string[] = [];
    let sent = 0;
    const started = Date.now();
    for (const [index, { path, method, op }] of operations.entries()) {
      const cases = casesOf(path, method, op, 1_000 + index);
      // Callers of their own per operation, so what one operation does (sign out, delete the account) never reaches the next.
      const [user, staff] = await Promise.all([
        h.api.signedInUser(`fuzz_u${index}`),
        h.api.signedInUser(`fuzz_s${index}`),
      ]);
      roles.add(staff.userId, 'moderator', 'analyst', 'admin');
      // Every case as the caller that gets past auth (a user, or staff on a role's route); a visitor sends
      // them all where visitors may call, else the first few (answered 401 before anything is read).
      const auth = op['x-auth'] ?? 'visitor';
      const callers = [
        { name: 'visitor', cookie: undefined, cases: auth === 'visitor' ? cases : cases.slice(0, 3) },
        {
          name: auth === 'visitor' || auth === 'user' ? 'user' : 'staff',
          cookie: auth === 'visitor' || auth === 'user' ? user.cookie : staff.cookie,
          cases,
        },
      ];
      for (const caller of callers) {
        for (const call of caller.cases) {
          const r = await h.api.app.inject({
            ...call,
            method: call.method as 'GET',
            headers: {
              'x-forwarded-for': '10.99.0.1',
              ...(call.headers ?? {}),
              ...(caller.cookie ? { cookie: caller.cookie } : {}),
            },
          });
          sent++;
          if (r.statusCode >= 500) {
            const shown = `${call.method} ${call.url.slice(0, 120)} ${typeof call.payload === 'string' ? call.payload.slice(0, 80) : JSON.stringify(call.payload ?? '').slice(0, 80)}`;
            failures.push(`${caller.name}: ${shown} -> ${r.statusCode} ${r.body.slice(0, 160)}`);
          }
        }
      }
    }
    console.info(`fuzzed ${operations.length} operations with ${sent} requests in ${Date.now() - started} ms`);
    expect(failures).toEqual([]);
  });
});
