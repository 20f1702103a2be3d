import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { HashtagText } from './hashtag-text.tsx';

afterEach(cleanup);

function renderText(text: string) {
  const { hook } = memoryLocation({ path: '/' });
  return render(
    <Router hook={hook}>
      <p data-testid="text">
        <HashtagText text={text} />
      </p>
    </Router>,
  );
}

const links = () => screen.queryAllByTestId('hashtag-link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('HashtagText', () => {
  it('links each hashtag to its page by its normalized tag and keeps the rest of the text as it is', () => {
    renderText('Golden hour #Sunset at the #beach_2024, again #sunset!');
    expect(screen.getByTestId('text').textContent).toBe('Golden hour #Sunset at the #beach_2024, again #sunset!');
    expect(links()).toEqual([
      ['#Sunset', '/hashtag/sunset'],
      ['#beach_2024', '/hashtag/beach_2024'],
      ['#sunset', '/hashtag/sunset'],
    ]);
  });

  it('links only what the server counts as a tag (not inside a word, an entity or a longer tag)', () => {
    renderText(`mail#tag &#39; ##double #${'a'.repeat(51)} #ok`);
    expect(links()).toEqual([['#ok', '/hashtag/ok']]);
  });

  it('leaves text without hashtags untouched', () => {
    renderText('No tags here');
    expect(screen.getByTestId('text').textContent).toBe('No tags here');
    expect(links()).toEqual([]);
  });
});
