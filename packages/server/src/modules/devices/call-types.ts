import type { z } from 'zod';

/** A call's body as the handler receives it: parsed by its schema, defaults applied. */
export type Body<C extends { request: z.ZodType }> = z.output<C['request']>;
