import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registerNamespace } from '../../../i18n/i18n';
import catalogTexts from '../../../i18n/resources/catalog';
import { GoodsList } from './goods-list';
import { ImageLibrary } from './image-library';
import './catalog.css';

registerNamespace('catalog', catalogTexts);

/** /goodsManage: the goods and their image library (spec §2). */
export default function GoodsScreen() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'images' ? 'images' : 'goods';
  return (
    <div className="catalog-page">
      <Tabs
        className="catalog-tabs"
        activeKey={tab}
        onChange={(key) => setParams(key === 'images' ? { tab: 'images' } : {}, { replace: true })}
      >
        <Tabs.Tab title={t('goods.tab')} key="goods" />
        <Tabs.Tab title={t('image.tab')} key="images" />
      </Tabs>
      <div className="page">{tab === 'images' ? <ImageLibrary /> : <GoodsList />}</div>
    </div>
  );
}
