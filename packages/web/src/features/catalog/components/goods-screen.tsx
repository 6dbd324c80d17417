import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs/tabs';
import { registerNamespace } from '../../../i18n/i18n';
import catalogTexts from '../../../i18n/resources/catalog';
import { GoodsList } from './goods-list';
import { ImageLibrary } from './image-library';
import '../../../styles/list-page.css';
import './catalog.css';

registerNamespace('catalog', catalogTexts);

type GoodsTab = 'goods' | 'images';

/** /goodsManage: the goods and their image library (spec §2). */
export default function GoodsScreen() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const tab: GoodsTab = params.get('tab') === 'images' ? 'images' : 'goods';
  return (
    <div className="catalog-page">
      <Tabs<GoodsTab>
        tabs={[
          { key: 'goods', title: t('goods.tab') },
          { key: 'images', title: t('image.tab') },
        ]}
        activeKey={tab}
        onChange={(key) => setParams(key === 'images' ? { tab: 'images' } : {}, { replace: true })}
      />
      <div className="page">{tab === 'images' ? <ImageLibrary /> : <GoodsList />}</div>
    </div>
  );
}
