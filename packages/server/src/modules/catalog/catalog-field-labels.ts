import { addFieldLabels } from '../../platform/field-labels';

/**
 * Labels of the area, store, goods, image and stock fields, so that a refused field is named the way the forms
 * name it ("Goods name: Special symbols are not allowed"). Registered once when the module loads.
 * Labels are one table keyed by field name for the whole app, so a name several calls share (name, note, price)
 * gets a label that fits each of them.
 */
addFieldLabels({
  _id: { 'zh-CN': '编号', 'zh-TW': '編號', 'en-US': 'ID' },
  name: { 'zh-CN': '名称', 'zh-TW': '名稱', 'en-US': 'Name' },
  address: { 'zh-CN': '地址', 'zh-TW': '地址', 'en-US': 'Address' },
  tel: { 'zh-CN': '电话', 'zh-TW': '電話', 'en-US': 'Phone' },
  note: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  remarks: { 'zh-CN': '备注', 'zh-TW': '備註', 'en-US': 'Remarks' },
  area: { 'zh-CN': '区域', 'zh-TW': '區域', 'en-US': 'Area' },
  store: { 'zh-CN': '门店', 'zh-TW': '門店', 'en-US': 'Store' },
  prov_code: { 'zh-CN': '省份', 'zh-TW': '省份', 'en-US': 'Province' },
  city_code: { 'zh-CN': '城市', 'zh-TW': '城市', 'en-US': 'City' },
  s_area_code: { 'zh-CN': '区县', 'zh-TW': '區縣', 'en-US': 'District' },
  manager: { 'zh-CN': '负责人', 'zh-TW': '負責人', 'en-US': 'Manager' },
  salesman: { 'zh-CN': '业务员', 'zh-TW': '業務員', 'en-US': 'Salesman' },
  coop_start: { 'zh-CN': '合作开始日期', 'zh-TW': '合作開始日期', 'en-US': 'Cooperation start' },
  coop_end: { 'zh-CN': '合作结束日期', 'zh-TW': '合作結束日期', 'en-US': 'Cooperation end' },
  refund_mode: { 'zh-CN': '退款方式', 'zh-TW': '退款方式', 'en-US': 'Refund mode' },
  client_code: { 'zh-CN': '客户编码', 'zh-TW': '客戶編碼', 'en-US': 'Client code' },
  mode: { 'zh-CN': '门店模式', 'zh-TW': '門店模式', 'en-US': 'Store mode' },
  coop_mode: { 'zh-CN': '合作方式', 'zh-TW': '合作方式', 'en-US': 'Cooperation mode' },
  goods_id: { 'zh-CN': '商品', 'zh-TW': '商品', 'en-US': 'Goods' },
  goods_name: { 'zh-CN': '商品名称', 'zh-TW': '商品名稱', 'en-US': 'Goods name' },
  price: { 'zh-CN': '价格', 'zh-TW': '價格', 'en-US': 'Price' },
  cost_price: { 'zh-CN': '成本价', 'zh-TW': '成本價', 'en-US': 'Cost price' },
  goods_code: { 'zh-CN': '商品编码', 'zh-TW': '商品編碼', 'en-US': 'Goods code' },
  sold: { 'zh-CN': '销量', 'zh-TW': '銷量', 'en-US': 'Sold' },
  tags: { 'zh-CN': '标签', 'zh-TW': '標籤', 'en-US': 'Tags' },
  description: { 'zh-CN': '描述', 'zh-TW': '描述', 'en-US': 'Description' },
  duration: { 'zh-CN': '时长', 'zh-TW': '時長', 'en-US': 'Duration' },
  goods_type: { 'zh-CN': '类型', 'zh-TW': '類型', 'en-US': 'Type' },
  img: { 'zh-CN': '商品图片', 'zh-TW': '商品圖片', 'en-US': 'Goods image' },
  detail_intro: { 'zh-CN': '详情介绍', 'zh-TW': '詳情介紹', 'en-US': 'Detail' },
  detail_imgs: { 'zh-CN': '详情图', 'zh-TW': '詳情圖', 'en-US': 'Detail images' },
  img_id: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  file: { 'zh-CN': '文件', 'zh-TW': '檔案', 'en-US': 'File' },
  server_id: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Image' },
  server_id_arr: { 'zh-CN': '图片', 'zh-TW': '圖片', 'en-US': 'Images' },
  inventory: { 'zh-CN': '库存数量', 'zh-TW': '庫存數量', 'en-US': 'Quantity' },
  oper_type: { 'zh-CN': '操作类型', 'zh-TW': '操作類型', 'en-US': 'Operation' },
  stock_type: { 'zh-CN': '库存类型', 'zh-TW': '庫存類型', 'en-US': 'Stock type' },
});
