import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import { useBank } from '../api/get-bank';
import { useBankImages } from '../api/get-image';
import { entryStart } from '../utils/entry-steps';
import { cardToForm } from '../utils/merchant-form-values';
import { EntryEditor } from './entry-editor';
import { NO_PHOTOS, photosOf } from './photos-step';

/** The editor on /bankCard: a new card, or one picked up where it stopped (its stored step). */
export function CardEntry({ merchantId, onClose }: { merchantId: string | null; onClose: () => void }) {
  if (!merchantId) {
    return (
      <div className="page bc-page">
        <EntryEditor
          start="form"
          form={cardToForm(null)}
          photos={NO_PHOTOS}
          merchantId={null}
          share={null}
          onClose={onClose}
        />
      </div>
    );
  }
  return <StoredEntry merchantId={merchantId} onClose={onClose} />;
}

function StoredEntry({ merchantId, onClose }: { merchantId: string; onClose: () => void }) {
  const { t } = useTranslation('bankCards');
  // Quiet: the failed state below says a refusal, once.
  const card = useBank(merchantId, undefined, 'list');
  const images = useBankImages(merchantId, true, 'list');
  const ready = card.data && images.data;
  // A failed refetch keeps the editor and what was typed in it (the query client says that failure as a toast).
  const cardFailed = card.isError && !card.data;
  const imagesFailed = images.isError && !images.data;
  return (
    <div className="page bc-page">
      <ListState
        pending={!ready && !cardFailed && !imagesFailed}
        failed={cardFailed || imagesFailed}
        error={cardFailed ? card.error : images.error}
        onRetry={() => void Promise.all([card.refetch(), images.refetch()])}
        empty={false}
        emptyGuide={<p>{t('empty')}</p>}
      >
        {card.data && images.data ? (
          <EntryEditor
            start={entryStart(card.data)}
            form={cardToForm(card.data)}
            photos={photosOf(images.data)}
            merchantId={merchantId}
            share={null}
            onClose={onClose}
          />
        ) : null}
      </ListState>
    </div>
  );
}
