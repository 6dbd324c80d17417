import { RCODE, type Rcode } from '@vendo/contract/rcodes';
import type { ValidationKey } from '@vendo/contract/validation-messages';

/**
 * The one way a service says "no": an rcode from the catalogue, optional placeholders for its text,
 * or a validation key plus the field it concerns. The error handler turns it into the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly rcode: Rcode,
    readonly params?: Record<string, string | number>,
    readonly validation?: { field: string; key: ValidationKey },
  ) {
    super(`rcode ${rcode}`);
  }

  static invalid(field: string, key: ValidationKey): AppError {
    return new AppError(RCODE.INVALID_PARAM, undefined, { field, key });
  }
}
