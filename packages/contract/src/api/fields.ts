import { z } from 'zod';
import { pagingFields } from './call';
import { ID_MAX, LATEST_INSTANT, PAGE_SIZE, TEXT_MAX } from '../constants';

/*
 * The field helpers every call's schema is built from: one helper per meaning (ids, texts, switches, paging).
 */

/** An id the caller names; missing answers "cannot be empty", anything else that is not a positive integer
 *  "invalid value". */
export const zId = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .positive({ error: 'invalidValue' })
  .max(ID_MAX, { error: 'invalidValue' });

/** A list filter on an id: missing, null, '' and 0 all mean "no filter". */
export const zFilterId = z.coerce
  .number({ error: 'invalidValue' })
  .int({ error: 'invalidValue' })
  .min(0, { error: 'invalidValue' })
  .max(ID_MAX, { error: 'invalidValue' })
  .nullish()
  .transform((v) => (v ? v : undefined));

/** Free text that may be left out; null and undefined become ''. */
export function zText(max: number) {
  return z
    .string({ error: 'invalidValue' })
    .trim()
    .max(max, { error: 'invalidValue' })
    .nullish()
    .transform((v) => v ?? '');
}

/** A filter text: '' means no filter. */
export const zFilterText = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(TEXT_MAX.filter, { error: 'invalidValue' })
  .nullish()
  .transform((v) => (v ? v : undefined));

/** A 0/1 switch as it is stored and answered (1: on). */
export const zBit = z.union([z.literal(0), z.literal(1)], { error: 'invalidValue' });

/** A switch a form sends: 1/0, true/false or their strings, read as 0/1. */
export const zSwitch = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])], {
    error: 'invalidValue',
  })
  .transform((v): 0 | 1 => (v === true || v === 1 || v === 'true' || v === '1' ? 1 : 0));

/** A list's on/off filter (abnormal only, part refunds): missing, null or '' mean off. */
export const zFilterSwitch = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1', ''])], {
    error: 'invalidValue',
  })
  .nullish()
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** Paged list request: pageNum from 1, pageSize (default per list), step, and a condition object. */
export function pagedRequest<S extends z.ZodRawShape>(
  condition: S,
  defaultPageSize: number = PAGE_SIZE.pagination,
) {
  return z.object({
    ...pagingFields,
    pageSize: z.coerce.number().int().min(1).max(999999).default(defaultPageSize),
    // A missing or null condition parses like {} so every filter takes its "no filter" value.
    condition: z.preprocess((v) => v ?? {}, z.object(condition)),
  });
}

export const areaRef = z.object({ _id: z.number().int(), area_name: z.string() });
export const storeRef = z.object({ _id: z.number().int(), store_name: z.string() });

/** A form's boolean as the 0/1 switch the calls take. */
export function bit(on: boolean): 0 | 1 {
  return on ? 1 : 0;
}

/** epoch ms bound of a time filter; 0, '' or missing means "the default" (today in the merchant's zone). */
export const zFilterTime = z
  .union([z.number(), z.string().max(TEXT_MAX.word)], { error: 'invalidValue' })
  .transform((v) => (v === '' ? 0 : Number(v)))
  .pipe(
    z
      .number({ error: 'invalidValue' })
      .int({ error: 'invalidValue' })
      .min(0, { error: 'invalidValue' })
      .max(LATEST_INSTANT, { error: 'invalidValue' }),
  )
  .nullish()
  .transform((v) => (v ? v : undefined));
