import { BackButton } from '../../../components/ui/back-button.tsx';
import type { LegalBlock, LegalDocument, LegalListItem } from '../lib/legal-document.ts';
import { privacyPolicy } from '../lib/privacy-policy.ts';
import { termsOfService } from '../lib/terms-of-service.ts';
import { LegalText } from './legal-text.tsx';
import './legal.css';

/** One legal document as a readable page: back to /, title, date, contents, then the sections. */
export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <main className="legal">
      <header className="legal__bar">
        <BackButton to="/" />
        <span className="legal__bar-title">MyWorld</span>
      </header>
      <article className="legal__document">
        <h1 className="legal__title">{doc.title}</h1>
        <p className="legal__updated" data-testid="legal-last-updated">
          Last updated: {doc.lastUpdated}
        </p>
        <p className="legal__summary">
          <LegalText text={doc.summary} />
        </p>
        <nav className="legal__contents" aria-label="Contents">
          <ol>
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading.replace(/^\d+\.\s*/, '')}</a>
              </li>
            ))}
          </ol>
        </nav>
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-heading`}>
            <h2 id={`${s.id}-heading`} className="legal__heading">
              {s.heading}
            </h2>
            {s.blocks.map((block, i) => (
              <Block key={i} block={block} />
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <LegalText text={block} />
      </p>
    );
  }
  return (
    <ul className="legal__list">
      {block.list.map((item, i) => (
        <li key={i}>
          <ListItem item={item} />
        </li>
      ))}
    </ul>
  );
}

function ListItem({ item }: { item: LegalListItem }) {
  if (typeof item === 'string') return <LegalText text={item} />;
  return (
    <>
      <strong>{item.term}:</strong> <LegalText text={item.text} />
    </>
  );
}

export const PrivacyPolicyPage = () => <LegalPage doc={privacyPolicy} />;
export const TermsOfServicePage = () => <LegalPage doc={termsOfService} />;
