// The legal pages' operator details (operator-details.ts), set in the environment of `vite build`.
interface ImportMetaEnv {
  readonly VITE_LEGAL_BUSINESS_ADDRESS?: string;
  readonly VITE_LEGAL_JURISDICTION?: string;
  readonly VITE_LEGAL_CONTACT_EMAIL?: string;
  readonly VITE_LEGAL_PRIVACY_EMAIL?: string;
}
