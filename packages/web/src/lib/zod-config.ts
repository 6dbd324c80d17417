import { config } from 'zod';

/*
 * zod compiles its object parsers with `new Function` when it may, and probes for that the first time a schema is
 * built. The content security policy refuses eval (decision 017): the probe alone reports a violation. Imported
 * first by main.tsx, before any module builds a schema.
 */
config({ jitless: true });
