import { BANK_CARD_CALL_PATHS, BANK_CARD_FIELD_LABELS } from '@vendo/contract/api/bank-cards';
import { addFieldLabels } from '../../platform/field-labels';

/** The form's labels (the contract's, which the screens use too), for the bank-card calls only. */
addFieldLabels(BANK_CARD_FIELD_LABELS, BANK_CARD_CALL_PATHS);
