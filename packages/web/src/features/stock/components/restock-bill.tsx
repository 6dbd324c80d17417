import { Button } from 'antd-mobile';
import { CheckCircleOutline, DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ListState } from '../../../components/list-state/list-state';
import { inSheet, SheetFrame } from '../../../components/sheet/sheet';
import { saveFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { useExportRestockBill } from '../api/export-restock-bill';
import { useRestockBill } from '../api/get-restock-bill';
import { GoodsCell } from './goods-cell';

/**
 * A store's restock bill (spec, issue 4): what to bring to fill every enabled shelf, as a packing list per goods
 * and a round per machine, with the download of the same as a spreadsheet.
 */
export function RestockBill({ store, onClose }: { store: number; onClose: () => void }) {
  const { t } = useTranslation('stock');
  const bill = useRestockBill(store);
  const exporter = useExportRestockBill();
  const data = bill.data;

  const download = async () => {
    try {
      saveFile(await exporter.mutateAsync(store));
    } catch {
      // The API client said why.
    }
  };

  return (
    <SheetFrame
      tall
      title={data ? t('bill.titleOf', { store: data.store.store_name }) : t('bill.title')}
      onClose={onClose}
      footer={
        <Button
          block
          color="primary"
          size="large"
          disabled={!data}
          loading={exporter.isPending}
          onClick={() => void download()}
        >
          <DownlandOutline aria-hidden="true" /> {t('bill.download')}
        </Button>
      }
    >
      <ListState
        pending={bill.isPending}
        failed={bill.isError && !data}
        error={bill.error}
        onRetry={() => void bill.refetch()}
      >
        {data ? (
          <div className="bill">
            <div className="bill-head card">
              <p className="bill-store">
                {data.area.area_name} · {data.store.store_name}
              </p>
              <p className="muted">{t('bill.generatedAt', { time: formatDateTime(data.generated_at) })}</p>
              <p className="bill-need">
                {t('bill.need')} <strong>{data.need}</strong>
              </p>
            </div>
            {data.need === 0 ? (
              <p className="bill-full" role="status">
                <CheckCircleOutline aria-hidden="true" />
                <span>{t('bill.nothing')}</span>
              </p>
            ) : (
              <>
                <h3 className="bill-section">{t('bill.packing')}</h3>
                <ul className="bill-list card">
                  {data.goods.map((row) => (
                    <li key={row.goods_detail.goods_id} className="bill-line">
                      <GoodsCell
                        goods={row.goods_detail}
                        size={40}
                        sub={t('bill.storeHas', { count: row.store_stock })}
                      />
                      <span className="bill-qty">×{row.need}</span>
                    </li>
                  ))}
                </ul>
                <h3 className="bill-section">{t('bill.byMachine')}</h3>
                {data.devices.map((device) => (
                  <section
                    key={device.sn}
                    className="bill-device card"
                    aria-label={device.title || device.sn}
                  >
                    <h4>
                      {device.title || t('untitled')} <span className="muted">{device.sn}</span>
                      <span className="bill-qty">×{device.need}</span>
                    </h4>
                    <ul>
                      {device.lines.map((line) => (
                        <li key={line.channel_sn} className="bill-line">
                          <span className="shelf-no">{line.channel_sn}</span>
                          <span className="bill-line-goods">
                            {line.goods_detail.goods_name}
                            <span className="muted">
                              {t('bill.shelfHas', { quantity: line.quantity, capacity: line.capacity })}
                            </span>
                          </span>
                          <span className="bill-qty">×{line.need}</span>
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </>
            )}
          </div>
        ) : null}
      </ListState>
    </SheetFrame>
  );
}

/** The bill in its sheet, loaded when the stock screen first opens it. */
export const RestockBillSheet = inSheet(RestockBill);
