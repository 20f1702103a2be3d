import { describe, expect, it } from 'vitest';
import { renderLinkPreview } from './link-preview.ts';

const INDEX = '<html><head><title>MyWorld</title><meta name="description" content="x" /></head><body></body></html>';

describe('renderLinkPreview', () => {
  it('keeps a post\'s dollar patterns as text: "$&", "$`" and "$1" are not replacement patterns', () => {
    const text = 'Prices: $& off, $` less, $1 each';
    const escaped = 'Prices: $&amp; off, $` less, $1 each';
    const page = renderLinkPreview(
      INDEX,
      { type: 'article', title: text, description: text, image: null },
      'https://myworld.example',
      '/post/1',
    );
    expect(page).toContain(`<title>${escaped} | MyWorld</title>`);
    expect(page).toContain(`<meta name="description" content="${escaped}" />`);
    expect(page).toContain(`<meta property="og:description" content="${escaped}" />`);
    expect(page.match(/<\/head>/g)).toHaveLength(1);
  });
});
