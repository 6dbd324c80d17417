import { REFERRER_CALL_PATHS, REFERRER_FIELD_LABELS } from '@vendo/contract/api/referrers';
import { addFieldLabels } from '../../platform/field-labels';

/** The contract's labels, for the referrer calls only. */
addFieldLabels(REFERRER_FIELD_LABELS, REFERRER_CALL_PATHS);
