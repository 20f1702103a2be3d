import { storyFormFields, type StoryMediaType } from '@myworld/schemas';
import { DomainError } from '../../platform/commands/domain-error.ts';

/**
 * The form's text fields, parsed with the shared contract (defaults: content '', backgroundColor
 * #000000): a refusal is a 400 naming the first field at fault, with the contract's message.
 */
export function parseStoryFields(fields: Readonly<Record<string, string>>): { mediaType: StoryMediaType; content: string; backgroundColor: string } {
  const parsed = storyFormFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new DomainError('validation_failed', issue.message, 400, issue.path.join('.') || undefined);
}
