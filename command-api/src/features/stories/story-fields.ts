import { storyFormFields, withSafeText, type StoryMediaType } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';

/** The form's fields as every route's input is parsed: no NUL or lone surrogate in any of them. */
const formFields = withSafeText(storyFormFields);

/**
 * The form's text fields, parsed with the shared contract (defaults: content '', backgroundColor
 * #000000): a refusal is a 400 naming the first field at fault, with the contract's message.
 */
export function parseStoryFields(fields: Readonly<Record<string, string>>): {
  mediaType: StoryMediaType;
  content: string;
  backgroundColor: string;
} {
  const parsed = formFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new DomainError('validation_failed', issue.message, 400, issue.path.join('.') || undefined);
}
