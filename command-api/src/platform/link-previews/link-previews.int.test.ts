import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsProjection, postsProjection, searchProjection, usersProjection } from '@myworld/projections';
import { parsePosition } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

// The head of web/index.html as Vite builds it: a title and a description to replace.
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="MyWorld: connect, create, rotate." />
    <title>MyWorld</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const metaOf = (html: string, key: string): string | undefined =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];

describe('link previews: a shared post, profile or hashtag link carries Open Graph and Twitter card tags', () => {
  let h: Harness;
  let dist: string;
  let ada: SignedInUser;
  let asAda: TestClient;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'myworld-previews-'));
    await writeFile(join(dist, 'index.html'), INDEX);
    h = await startHarness({
      label: 'link_previews',
      env: { WEB_DIST: dist },
      projections: [postsProjection, usersProjection, followsProjection, searchProjection],
    });
    ada = await h.api.signedInUser(`ada_${Date.now()}`);
    asAda = h.client({ cookie: ada.cookie });
  });
  afterAll(async () => {
    await h?.stop();
    await rm(dist, { recursive: true, force: true });
  });

  async function textPost(content: string): Promise<string> {
    const res = await asAda.post('/api/text-posts', { content });
    expect(res.statusCode).toBe(201);
    const { post, position } = res.json() as { post: { id: string }; position: string };
    expect(await h.readModels.waitFor('posts', parsePosition(position), 10_000)).toBe(true);
    return post.id;
  }

  it("a text post's page: its author and text, escaped, with the page's own address", async () => {
    const id = await textPost('Sunset at the "old" pier <b>tonight</b> & tomorrow');
    const res = await h.client().get(`/post/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // Every page carries its first screen's reads (the session check): kept by no shared cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.body;
    expect(metaOf(html, 'og:title')).toContain(`(@${ada.username}) on MyWorld`);
    expect(metaOf(html, 'og:description')).toBe(
      'Sunset at the &quot;old&quot; pier &lt;b&gt;tonight&lt;/b&gt; &amp; tomorrow',
    );
    expect(metaOf(html, 'description')).toBe(metaOf(html, 'og:description'));
    expect(metaOf(html, 'og:type')).toBe('article');
    expect(metaOf(html, 'og:url')).toBe(`${h.config.PUBLIC_URL}/post/${id}`);
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(html).toMatch(/<title>[^<]*\(@[a-z0-9_]+\) on MyWorld \| MyWorld<\/title>/);
    expect(html).not.toContain('<b>tonight');
    expect(html).toContain('<div id="root"></div>');
  });

  it('a long text is cut at a word to about 200 characters', async () => {
    const id = await textPost(`${'word '.repeat(55)}end`); // 278 characters, under the post's 300
    const description = metaOf((await h.client().get(`/post/${id}`)).body, 'og:description')!;
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/^word( word)*…$/);
  });

  it('a profile by username: name, handle and followers', async () => {
    const res = await h.client().get(`/profile/${ada.username}`);
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'og:title')).toContain(`(@${ada.username}) on MyWorld`);
    expect(metaOf(res.body, 'og:description')).toBe('0 followers');
    expect(metaOf(res.body, 'og:type')).toBe('profile');
  });

  it("a hashtag's page: how many posts use it and the newest one's text", async () => {
    const tag = `lakeday${Date.now().toString(36)}`;
    const res = await asAda.post('/api/text-posts', { content: `Morning swim #${tag}` });
    expect(res.statusCode).toBe(201);
    const { position } = res.json() as { position: string };
    expect(await h.readModels.waitFor('search', parsePosition(position), 10_000)).toBe(true);
    const page = await h.client().get(`/hashtag/${tag}`);
    expect(page.statusCode).toBe(200);
    expect(metaOf(page.body, 'og:title')).toBe(`#${tag} on MyWorld`);
    expect(metaOf(page.body, 'og:description')).toBe(`1 post · Morning swim #${tag}`);
    expect(metaOf(page.body, 'og:type')).toBe('website');
  });

  it('nothing public at the address (unknown, deleted, not an id): the plain page, no preview', async () => {
    const deleted = await textPost('Soon gone');
    const removal = await asAda.delete(`/api/posts/${deleted}`);
    expect(removal.statusCode).toBe(200);
    expect(
      await h.readModels.waitFor('posts', parsePosition((removal.json() as { position: string }).position), 10_000),
    ).toBe(true);
    for (const path of [
      `/post/${deleted}`,
      '/post/6f1c2a9e-0000-4000-8000-000000000000',
      '/video/not-an-id',
      '/profile/nobody_here_at_all',
      '/hashtag/nobodyusesthistag',
    ]) {
      const res = await h.client().get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<title>MyWorld</title>');
      expect(res.body, path).toContain('<meta name="description" content="MyWorld: connect, create, rotate." />');
      expect(res.body, path).not.toContain('og:');
    }
  });
});
