import type { Plugin } from 'vite';

/** The stylesheet link Vite puts into the built index.html for the entry's CSS. */
const ENTRY_STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;

/**
 * Puts the entry's stylesheet into the built index.html as a <style> element. A stylesheet blocks
 * the first paint, and fetching it costs a round trip after the HTML: about 0.6 s on a phone's
 * slow network, most of the landing page's Largest Contentful Paint. It is about 3 KB compressed,
 * less than that round trip carries. The API allows exactly this element by its hash in the
 * Content-Security-Policy (command-api's inline-style-hashes.ts), so no other inline style runs.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'myworld-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(ENTRY_STYLESHEET, (link, fileName: string) => {
          const asset = bundle?.[fileName];
          if (asset?.type !== 'asset') return link;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // "</style" inside the CSS would end the element early.
          return css.includes('</style') ? link : `<style>${css}</style>`;
        });
      },
    },
  };
}
