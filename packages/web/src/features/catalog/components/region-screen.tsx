import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/tabs/tabs';
import { registerNamespace } from '../../../i18n/i18n';
import catalogTexts from '../../../i18n/resources/catalog';
import { AreaList } from './area-list';
import { StoreList } from './store-list';
import '../../../styles/list-page.css';
import './catalog.css';

registerNamespace('catalog', catalogTexts);

type RegionTab = 'areas' | 'stores';

/**
 * /region: areas and stores (spec §2). The tab and the store list's area filter live in the address, so "view
 * store" on an area card can be undone with the back button and a shared link opens the same list.
 */
export default function RegionScreen() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const tab: RegionTab = params.get('tab') === 'stores' ? 'stores' : 'areas';
  const areaParam = Number(params.get('area'));
  const area = Number.isInteger(areaParam) && areaParam > 0 ? areaParam : null;

  const show = (next: RegionTab, nextArea: number | null, push: boolean) => {
    const search = new URLSearchParams();
    if (next === 'stores') search.set('tab', 'stores');
    if (next === 'stores' && nextArea !== null) search.set('area', String(nextArea));
    setParams(search, { replace: !push });
  };

  return (
    <div className="catalog-page">
      <Tabs<RegionTab>
        tabs={[
          { key: 'areas', title: t('area.tab') },
          { key: 'stores', title: t('store.tab') },
        ]}
        activeKey={tab}
        onChange={(key) => show(key, null, false)}
      />
      <div className="page">
        {tab === 'areas' ? (
          <AreaList onViewStores={(a) => show('stores', a._id, true)} />
        ) : (
          <StoreList area={area} onAreaChange={(a) => show('stores', a, false)} />
        )}
      </div>
    </div>
  );
}
