import { MODERATION_MESSAGES } from '@myworld/schemas';
import { ReportsTab } from './reports-tab.tsx';
import './moderation.css';

/**
 * /content-moderation (signed in): the Reports tab. The server answers the queue to moderators
 * only; anyone else sees the permission message. The spec's Analytics and Settings tabs come with
 * later steps of issue 14.
 */
export function ModerationPage() {
  return (
    <main className="moderation-page" data-testid="moderation-page">
      <h1 className="moderation-page__title">{MODERATION_MESSAGES.pageTitle}</h1>
      <ReportsTab />
    </main>
  );
}
