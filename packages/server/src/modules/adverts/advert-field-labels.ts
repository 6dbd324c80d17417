import { ADVERT_CALLS, ADVERT_FIELD_LABELS } from '@vendo/contract/api/adverts';
import { addFieldLabels } from '../../platform/field-labels';

/** The contract's labels, for the advertisement calls only. */
addFieldLabels(
  ADVERT_FIELD_LABELS,
  ADVERT_CALLS.map((c) => c.path),
);
