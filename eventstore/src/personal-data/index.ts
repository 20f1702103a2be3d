// Crypto-shredding of personal fields: the decorator, its key table, and the declared field list.
export { PersonalDataEventStore } from './personal-data-event-store.ts';
export { PostgresSubjectKeys, type SubjectKeys } from './subject-keys.ts';
export { PERSONAL_FIELDS, REDACTED_DATE, REDACTED_TEXT, redactedValue } from './personal-fields.ts';
