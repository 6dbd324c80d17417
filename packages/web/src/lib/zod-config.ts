/*
 * zod compiles its object parsers with `new Function` when it may, and probes for that when it builds its first
 * object schema. The content security policy refuses eval (decision 017): the probe alone reports a violation.
 * zod reads its settings from globalThis.__zod_globalConfig, an object every copy of zod shares; setting `jitless`
 * there, from main.tsx's first import, reaches zod before any screen builds a schema, without pulling zod into the
 * first screen. If zod stopped reading it, the browser suite's policy watch would fail.
 */
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};
