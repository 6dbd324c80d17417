import * as api from '@vendo/contract/api/catalog';
import type { CallRegistrar } from '../../platform/route';
import './catalog-field-labels';
import type { Catalog } from './catalog-module';

/** The JSON calls of areas, stores, goods and the image library: one line each, the rules are in the services. */
export function catalogRoutes(r: CallRegistrar, c: Catalog): void {
  r.session(api.getArea, ({ auth, body }) => c.areasStores.listAreas(auth, body));
  r.session(api.addArea, ({ auth, body }) => c.areasStores.addArea(auth, body));
  r.session(api.editArea, async ({ auth, body }) => {
    await c.areasStores.editArea(auth, body);
    return {};
  });
  r.session(api.delArea, async ({ auth, body }) => {
    await c.areasStores.deleteArea(auth, body._id);
    return {};
  });

  r.session(api.getStore, ({ auth, body }) => c.areasStores.listStores(auth, body));
  r.session(api.getAllStore, ({ auth }) => c.areasStores.listStores(auth, null));
  r.session(api.addStore, ({ auth, body }) => c.areasStores.addStore(auth, body));
  r.session(api.editStore, async ({ auth, body }) => {
    await c.areasStores.editStore(auth, body);
    return {};
  });
  r.session(api.delStore, async ({ auth, body }) => {
    await c.areasStores.deleteStore(auth, body._id);
    return {};
  });

  r.session(api.getGoods, ({ auth, body }) => c.goods.list(auth, body));
  r.session(api.addPrivate, ({ auth, body }) => c.goods.add(auth, body));
  r.session(api.editPrivate, ({ auth, body }) => c.goods.edit(auth, body));
  r.session(api.delPrivate, async ({ auth, body }) => {
    await c.goods.delete(auth, body.goods_id);
    return {};
  });

  r.session(api.getImg, ({ auth, body }) => c.images.list(auth, body));
  r.session(api.editImg, async ({ auth, body }) => {
    await c.images.rename(auth, body.img_id, body.name);
    return {};
  });
  r.session(api.delImg, async ({ auth, body }) => {
    await c.images.remove(auth, body.img_id);
    return {};
  });
  r.session(api.uploadWx, async ({ auth, body }) => {
    const [image] = await c.images.uploadFromMessaging(auth, [body.server_id]);
    return image!;
  });
  r.session(api.uploadMutiWx, async ({ auth, body }) => {
    const data = await c.images.uploadFromMessaging(auth, body.server_id_arr);
    return { data, count: data.length };
  });
  r.session(api.getImportTemplate, ({ locale }) => c.importer.template(locale));
}
