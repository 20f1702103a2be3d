import { MODERATOR_NOTE_MAX, REPORT_DESCRIPTION_MAX } from './rules.ts';

/** Every user-facing text of moderation, each defined once. */
export const MODERATION_MESSAGES = {
  /** The note "Remove Content" resolves a report with. */
  removedNote: 'Content removed for policy violation',
  /** The note "Dismiss" closes a report with. */
  dismissedNote: 'No policy violation found',
  actionDoneTitle: 'Action completed',
  actionDoneDescription: 'The moderation action has been processed.',
  actionFailedTitle: 'Error',
  actionFailedDescription: 'Failed to process moderation action.',
  noReports: 'No reports found',
  review: 'Review',
  removeContent: 'Remove Content',
  dismiss: 'Dismiss',
  pageTitle: 'Content Moderation',
  permissionRequired: 'You do not have permission to view the moderation queue.',
  descriptionTooLong: `A report's description is at most ${REPORT_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  noteTooLong: `A moderator's note is at most ${MODERATOR_NOTE_MAX.toLocaleString('en-US')} characters`,
  alreadyReported: 'You have already reported this content; a moderator will look at it',
  reportNotFound: 'Report not found',
  /** What a direct message a moderator removed shows instead of its text. */
  messageRemoved: 'This message was removed by a moderator',
  reasonDisabled: (reason: string) =>
    `Reports for ${reason.replace(/_/g, ' ')} are not accepted at the moment; pick another reason`,
  /** A moderator may not decide on a report they filed, nor on content they made. */
  ownReport: 'You cannot act on a report you filed; another moderator will',
  ownContent: 'You cannot act on a report about your own content; another moderator will',
  /** Suspending a user who holds a staff role (Remove Content on them) is an admin's decision. */
  staffSuspensionNeedsAdmin: 'Only an admin can suspend a staff account',
  notSuspended: 'This account is not suspended',
  userNotFound: 'No such user',
  reinstatedNote: 'Account reinstated',
  illegalTransition: (from: string, to: string) => `A ${from} report cannot become ${to}`,
} as const;
