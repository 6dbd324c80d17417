import { WEBHOOK_CALLS, WEBHOOK_FIELD_LABELS } from '@vendo/contract/api/webhooks';
import { addFieldLabels } from '../../platform/field-labels';

/** The contract's labels, for the webhook calls only. */
addFieldLabels(
  WEBHOOK_FIELD_LABELS,
  WEBHOOK_CALLS.map((c) => c.path),
);
