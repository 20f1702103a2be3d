/**
 * The operator's details the legal pages quote. They are not ours to invent, so they come from the
 * build's environment (Vite's VITE_* variables, read when the web client is built); until the
 * operator sets one, the page shows a marked placeholder naming the variable to set.
 */
export const OPERATOR_DETAILS = {
  businessAddress: 'VITE_LEGAL_BUSINESS_ADDRESS',
  jurisdiction: 'VITE_LEGAL_JURISDICTION',
  contactEmail: 'VITE_LEGAL_CONTACT_EMAIL',
  privacyEmail: 'VITE_LEGAL_PRIVACY_EMAIL',
} as const;
export type OperatorDetail = keyof typeof OPERATOR_DETAILS;

export const isOperatorDetail = (name: string): name is OperatorDetail => Object.hasOwn(OPERATOR_DETAILS, name);

/** Each detail read by its literal name, so Vite's build replaces it with the configured text. */
const configured: Record<OperatorDetail, () => string | undefined> = {
  businessAddress: () => import.meta.env.VITE_LEGAL_BUSINESS_ADDRESS,
  jurisdiction: () => import.meta.env.VITE_LEGAL_JURISDICTION,
  contactEmail: () => import.meta.env.VITE_LEGAL_CONTACT_EMAIL,
  privacyEmail: () => import.meta.env.VITE_LEGAL_PRIVACY_EMAIL,
};

/** The configured value, or null when the operator has not set it (blank counts as unset). */
export function operatorDetail(name: OperatorDetail): string | null {
  const value = configured[name]()?.trim();
  return value ? value : null;
}

/** What the page shows in place of an unset detail. */
export const placeholderFor = (name: OperatorDetail) => `[operator: set ${OPERATOR_DETAILS[name]}]`;
