// @myworld/command-api: the HTTP and /ws API as a library (main.ts runs it as a process).
export { buildApp, type AppOptions } from './app.ts';
export { loadApiConfig, apiConfigSchema, type ApiConfig } from './config.ts';
export { openServices, closeServices, type ApiServices, type OpenServicesOptions } from './services.ts';
export { features } from './features.ts';
export type { Feature, AnyFeature, Platform } from './platform/feature.ts';
export type { RoleDirectory } from './platform/http/auth.ts';
export type { RouteDefinition, RouteConfig, AnyRoute } from './platform/http/route.ts';
export { SESSION_COOKIE } from './platform/sessions/session-cookie.ts';
