/**
 * What another app shows for a shared link of ours (Open Graph and Twitter card tags): the post,
 * video, profile or hashtag at that address, read as a visitor would see it.
 */
export interface LinkPreview {
  readonly title: string;
  readonly description: string;
  /** A poster, photo or avatar: a path on our origin or an absolute URL. */
  readonly image?: string | null;
  readonly type: 'article' | 'video.other' | 'profile' | 'website';
}

const SITE_NAME = 'MyWorld';
/** Previews show about this much of a description; the rest is cut at a word. */
export const PREVIEW_DESCRIPTION_MAX = 200;

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `text` on one line, at most `max` characters, cut at a word with an ellipsis. */
export function previewText(text: string, max = PREVIEW_DESCRIPTION_MAX): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * index.html with `preview`'s tags in its head: the page title, the description, Open Graph
 * (title, description, type, url, image, site name) and a Twitter card (a large image when there
 * is one). Every value is escaped; `pageUrl` and relative images are made absolute on `publicUrl`.
 */
export function renderLinkPreview(html: string, preview: LinkPreview, publicUrl: string, path: string): string {
  const absolute = (url: string) => new URL(url, publicUrl).toString();
  type Tag = readonly [kind: 'property' | 'name', key: string, value: string];
  const tags: Tag[] = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:type', preview.type],
    ['property', 'og:url', absolute(path)],
    ...(preview.image ? [['property', 'og:image', absolute(preview.image)] as Tag] : []),
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ...(preview.image ? [['name', 'twitter:image', absolute(preview.image)] as Tag] : []),
  ];
  const head = tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeAttribute(value)}" />`);
  // Replacer functions, not strings: a post's "$&" or "$'" is text, not a replacement pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(`${preview.title} | ${SITE_NAME}`)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeAttribute(preview.description)}" />`,
    )
    .replace('</head>', () => `    ${head.join('\n    ')}\n  </head>`);
}
