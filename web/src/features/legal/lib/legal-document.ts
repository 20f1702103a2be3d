/**
 * The shape of a legal document: plain data, so each document's wording lives in one file and one
 * page renders both. Text may name an operator detail as {businessAddress}, {jurisdiction},
 * {contactEmail} or {privacyEmail}; the page fills it from configuration (operator-details.ts).
 */
export interface LegalDocument {
  title: string;
  /** Shown under the title, word for word. */
  lastUpdated: string;
  /** One short paragraph before the sections: what the document is and who it binds. */
  summary: string;
  sections: LegalSection[];
}

export interface LegalSection {
  /** Anchor of the section (kebab-case), so a section can be linked to. */
  id: string;
  heading: string;
  blocks: LegalBlock[];
}

/** A paragraph, or a bulleted list (each item optionally led by a bold term). */
export type LegalBlock = string | { list: LegalListItem[] };
export type LegalListItem = string | { term: string; text: string };

/** Both documents' date. */
export const LEGAL_LAST_UPDATED = 'August 17, 2025';
