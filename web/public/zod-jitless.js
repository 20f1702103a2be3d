// Runs before the app's modules (a deferred classic script in <head>, ahead of the module script: deferred
// scripts and modules run in document order; the CSP allows only files, no inline script).
// zod 4 compiles object parsers with `new Function` when it can, and probes for that with a caught
// `new Function('')`: under our CSP (no 'unsafe-eval') the probe is refused and reported as a
// violation on every page. Setting its documented `jitless` option on zod's shared global config
// (the object z.config() writes to) before any schema is built skips both the probe and the compiler.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
