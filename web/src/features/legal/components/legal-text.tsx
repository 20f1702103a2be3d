import type { ReactNode } from 'react';
import { isOperatorDetail, operatorDetail, placeholderFor, type OperatorDetail } from '../lib/operator-details.ts';

const DETAIL = /\{(\w+)\}/g;

/** A document's sentence with each {detail} filled from configuration, or marked for the operator. */
export function LegalText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(DETAIL)) {
    const name = match[1] ?? '';
    if (!isOperatorDetail(name)) continue;
    parts.push(text.slice(last, match.index), <Detail key={match.index} name={name} />);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function Detail({ name }: { name: OperatorDetail }) {
  const value = operatorDetail(name);
  if (value === null) {
    return (
      <mark className="legal-placeholder" data-testid="legal-placeholder" data-detail={name}>
        {placeholderFor(name)}
      </mark>
    );
  }
  return name === 'contactEmail' || name === 'privacyEmail' ? <a href={`mailto:${value}`}>{value}</a> : <>{value}</>;
}
