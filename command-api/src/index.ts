// @myworld/command-api: the HTTP and /ws API as a library (main.ts runs it as a process).
export { buildApp, type AppOptions } from './app.ts';
export { loadApiConfig, apiConfigSchema, type ApiConfig } from './config.ts';
export { openServices, closeServices, type ApiServices, type OpenServicesOptions } from './services.ts';
export { features } from './features.ts';
export type { Feature, AnyFeature, Platform } from './platform/feature.ts';
export type { RoleDirectory } from './platform/http/auth.ts';
export type { RouteDefinition, RouteConfig, AnyRoute } from './platform/http/route.ts';
export { SessionStore } from './platform/sessions/session-store.ts';
export { SESSION_COOKIE } from './platform/sessions/session-cookie.ts';
// The media aggregate's write side, for the workers that record processing outcomes.
export { runMediaCommand, loadMedia, mediaIdOfKey } from './features/media/media.store.ts';
// The story aggregate's write side, for the expiry job.
export { runStoryCommand, loadStory } from './features/stories/story.store.ts';
// Freeing a deleted account's username when its hold is over, for the delayed job.
export { releaseDeletedUsername, type UsernameReleaseOutcome } from './features/accounts/username-release.ts';
// Moderation's policies (auto-hide, restore, a removal's fan-out), for the workers' reactor, and its settings.
export { moderationPolicies, type ModerationPolicyDeps } from './features/moderation/policies.ts';
export { moderationConfigShape } from './features/moderation/config.ts';
// The operator's path to staff roles (`npm run admin`).
export {
  changeRoleAsOperator,
  type OperatorRoleChange,
  type OperatorRoleResult,
} from './features/roles/operator-roles.ts';
export { DomainError } from './platform/commands/domain-error.ts';
