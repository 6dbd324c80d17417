import { formatSplitPercent, SPLIT_PAY_CHANNEL_LABELS, type SplitConfig } from '@vendo/contract/api/splits';
import { EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CardActions } from '../../../components/card-actions/card-actions';
import { currentLocale } from '../../../i18n/i18n';
import { bankText } from '../utils/accounts';

/**
 * A configuration as the list shows it: its name, validity and version, the main card (masked) with its share,
 * each split account (masked) with its share, the payments it splits and the machines using it.
 */
export function SplitConfigCard({ config, onEdit }: { config: SplitConfig; onEdit: () => void }) {
  const { t } = useTranslation('feeSplits');
  const locale = currentLocale();
  const percent = (hundredths: number) => `${formatSplitPercent(hundredths)}%`;
  const titleId = `split-${config.bank_split_id}`;
  const main = [bankText(config.bank, locale), config.acct_no_encry, config.acct_name].filter(Boolean);
  return (
    <li className="card entity-card fs-card" data-valid={config.valid} aria-labelledby={titleId}>
      <div className="entity-head">
        <h3 id={titleId} className="entity-title">
          {config.bank_split_name}
        </h3>
        <div className="entity-badges">
          <span className="fs-valid" data-valid={config.valid}>
            {config.valid ? t('list.valid') : t('list.invalid')}
          </span>
          <span className="badge">{t('list.version', { version: config.version })}</span>
        </div>
      </div>
      {config.valid ? null : <p className="fs-invalid-text">{t('list.invalidText')}</p>}
      <dl className="fs-shares">
        <div>
          <dt>{t('list.main')}</dt>
          <dd>
            <span className="fs-account">{main.join(' ')}</span>
            <strong className="fs-percent">{percent(config.main_split_percent)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('list.splits')}</dt>
          <dd>
            <ul className="fs-split-list">
              {config.split_merchant.map((s) => (
                <li key={s.merchant_id}>
                  <span className="fs-account">
                    {s.acct_name} {s.acct_no_encry}
                  </span>
                  <strong className="fs-percent">{percent(s.split_percent)}</strong>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('list.channel')}</dt>
          <dd>{SPLIT_PAY_CHANNEL_LABELS[config.pay_channel][locale]}</dd>
        </div>
      </dl>
      <p className="muted fs-machines">{t('list.machines', { count: config.device_count })}</p>
      <CardActions
        label={config.bank_split_name}
        actions={[
          {
            key: 'edit',
            label: t('list.edit'),
            icon: <EditSOutline />,
            tone: 'primary',
            onClick: onEdit,
          },
        ]}
      />
    </li>
  );
}
