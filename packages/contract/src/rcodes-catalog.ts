import type { RcodeEntry } from './rcode-entry';

/** Areas, stores, goods, images and stock: 700–799. */
export const catalogRcodes = {
  700: {
    name: 'AREA_NOT_FOUND',
    text: { 'zh-CN': '区域不存在', 'zh-TW': '區域不存在', 'en-US': 'Area does not exist' },
  },
  701: {
    name: 'STORE_NOT_FOUND',
    text: { 'zh-CN': '门店不存在', 'zh-TW': '門店不存在', 'en-US': 'Store does not exist' },
  },
  702: {
    name: 'GOODS_NOT_FOUND',
    text: { 'zh-CN': '商品不存在', 'zh-TW': '商品不存在', 'en-US': 'Goods do not exist' },
  },
  703: {
    name: 'IMAGE_NOT_FOUND',
    text: { 'zh-CN': '图片不存在', 'zh-TW': '圖片不存在', 'en-US': 'Image does not exist' },
  },
  704: {
    name: 'STOCK_NOT_FOUND',
    text: { 'zh-CN': '库存不存在', 'zh-TW': '庫存不存在', 'en-US': 'Stock entry does not exist' },
  },
  705: {
    name: 'AREA_HAS_STORES',
    text: {
      'zh-CN': '该区域下还有{count}个门店，请先删除或移走门店',
      'zh-TW': '該區域下還有{count}個門店，請先刪除或移走門店',
      'en-US': 'This area still has {count} store(s): delete them or move them to another area first',
    },
  },
  706: {
    name: 'STORE_HAS_DEVICES',
    text: {
      'zh-CN': '该门店下还有{count}台设备，请先将设备移到其他门店或解绑',
      'zh-TW': '該門店下還有{count}台設備，請先將設備移到其他門店或解綁',
      'en-US': 'This store still has {count} machine(s): move them to another store or unbind them first',
    },
  },
  707: {
    name: 'AREA_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '区域数量已达上限（{max}），如需更多请联系客服',
      'zh-TW': '區域數量已達上限（{max}），如需更多請聯繫客服',
      'en-US': 'Area limit reached ({max}); contact support for more',
    },
  },
  708: {
    name: 'STORE_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '门店数量已达上限（{max}），如需更多请联系客服',
      'zh-TW': '門店數量已達上限（{max}），如需更多請聯繫客服',
      'en-US': 'Store limit reached ({max}); contact support for more',
    },
  },
  709: {
    name: 'GOODS_QUOTA_EXCEEDED',
    text: {
      'zh-CN': '商品数量已达上限（{max}），如需更多请联系客服',
      'zh-TW': '商品數量已達上限（{max}），如需更多請聯繫客服',
      'en-US': 'Goods limit reached ({max}); contact support for more',
    },
  },
  710: {
    name: 'IMAGE_TYPE_REFUSED',
    text: {
      'zh-CN': '只能上传 JPEG、PNG、GIF 或 WebP 图片',
      'zh-TW': '只能上傳 JPEG、PNG、GIF 或 WebP 圖片',
      'en-US': 'Only JPEG, PNG, GIF or WebP images can be uploaded',
    },
  },
  711: {
    name: 'FILE_TOO_LARGE',
    text: {
      'zh-CN': '文件过大，最大{max}MB',
      'zh-TW': '檔案過大，最大{max}MB',
      'en-US': 'File too large: at most {max} MB',
    },
  },
  712: {
    name: 'FILE_MISSING',
    text: {
      'zh-CN': '请选择要上传的文件',
      'zh-TW': '請選擇要上傳的檔案',
      'en-US': 'Please choose a file to upload',
    },
  },
  713: {
    name: 'IMPORT_FILE_UNREADABLE',
    text: {
      'zh-CN': '无法读取文件，请使用模板另存为 .xlsx 或 .csv 文件',
      'zh-TW': '無法讀取檔案，請使用範本另存為 .xlsx 或 .csv 檔案',
      'en-US': 'The file cannot be read: save it from the template as .xlsx or .csv',
    },
  },
  714: {
    name: 'IMPORT_NO_ROWS',
    text: {
      'zh-CN': '文件中没有商品数据',
      'zh-TW': '檔案中沒有商品資料',
      'en-US': 'The file holds no goods rows',
    },
  },
  715: {
    name: 'IMPORT_TOO_MANY_ROWS',
    text: {
      'zh-CN': '每次最多导入{max}行',
      'zh-TW': '每次最多匯入{max}行',
      'en-US': 'At most {max} rows per import',
    },
  },
  716: {
    name: 'IMPORT_NO_NAME_COLUMN',
    text: {
      'zh-CN': '找不到“商品名称”列，请使用导入模板',
      'zh-TW': '找不到「商品名稱」欄，請使用匯入範本',
      'en-US': 'No "goods name" column found: please use the import template',
    },
  },
  717: {
    name: 'STOCK_EXISTS',
    text: {
      'zh-CN': '该商品在此处已有库存，请直接增减库存',
      'zh-TW': '該商品在此處已有庫存，請直接增減庫存',
      'en-US': 'These goods already have stock here: add or reduce it instead',
    },
  },
  718: {
    name: 'STOCK_NOT_ENOUGH',
    text: {
      'zh-CN': '库存不足，当前剩余{available}',
      'zh-TW': '庫存不足，目前剩餘{available}',
      'en-US': 'Not enough stock: {available} left',
    },
  },
  719: {
    name: 'STORE_OUT_OF_SCOPE',
    text: {
      'zh-CN': '该门店不在您管理的门店范围内',
      'zh-TW': '該門店不在您管理的門店範圍內',
      'en-US': 'This store is not among the stores you manage',
    },
  },
  720: {
    name: 'STORES_RESTRICTED',
    text: {
      'zh-CN': '您只管理指定门店，不能新增、删除门店或修改区域，请联系主账号',
      'zh-TW': '您只管理指定門店，不能新增、刪除門店或修改區域，請聯繫主帳號',
      'en-US':
        'You manage listed stores only, so you cannot add or delete stores or change areas: ask the main account',
    },
  },
  721: {
    name: 'REGION_INVALID',
    text: {
      'zh-CN': '省市区不正确，请重新选择',
      'zh-TW': '省市區不正確，請重新選擇',
      'en-US': 'Invalid province, city or district: please pick them again',
    },
  },
  722: {
    name: 'MEDIA_NOT_FOUND',
    text: {
      'zh-CN': '图片已过期或不存在，请重新选择图片上传',
      'zh-TW': '圖片已過期或不存在，請重新選擇圖片上傳',
      'en-US': 'The image expired or does not exist: choose it and upload it again',
    },
  },
  723: {
    name: 'GOODS_ON_SHELF',
    text: {
      'zh-CN': '该商品还在{count}个货道上，请先下架',
      'zh-TW': '該商品還在{count}個貨道上，請先下架',
      'en-US': 'These goods are still on {count} shelf/shelves: take them off first',
    },
  },
  724: {
    name: 'IMAGE_NOT_UPLOADED',
    text: {
      'zh-CN': '图片须先上传到图片库',
      'zh-TW': '圖片須先上傳到圖片庫',
      'en-US': 'Images must be uploaded to the image library first',
    },
  },
  725: {
    name: 'COST_HIDDEN',
    text: {
      'zh-CN': '您没有查看利润和成本的权限，不能修改成本价',
      'zh-TW': '您沒有查看利潤和成本的權限，不能修改成本價',
      'en-US': 'You may not view profit and cost, so you cannot set the cost price',
    },
  },
  726: {
    name: 'AREA_HAS_DEVICES',
    text: {
      'zh-CN': '该区域下还有{count}台设备，请先将设备移到其他区域或解绑',
      'zh-TW': '該區域下還有{count}台設備，請先將設備移到其他區域或解綁',
      'en-US': 'This area still has {count} machine(s): move them to another area or unbind them first',
    },
  },
  727: {
    name: 'IMPORT_UNPACKED_TOO_LARGE',
    text: {
      'zh-CN': '表格解压后超过{max}MB，请只保留商品表（每次最多{rows}行）后重新保存',
      'zh-TW': '表格解壓後超過{max}MB，請只保留商品表（每次最多{rows}行）後重新儲存',
      'en-US':
        'The spreadsheet unpacks to more than {max} MB: keep only the goods sheet (at most {rows} rows) and save it again',
    },
  },
  728: {
    name: 'IMPORT_CELL_TOO_LONG',
    text: {
      'zh-CN': '第{row}行有单元格超过{max}个字',
      'zh-TW': '第{row}行有儲存格超過{max}個字',
      'en-US': 'Row {row} has a cell longer than {max} characters',
    },
  },
  729: {
    name: 'UPLOAD_ONE_FILE',
    text: {
      'zh-CN': '每次只能上传一个文件',
      'zh-TW': '每次只能上傳一個檔案',
      'en-US': 'Upload one file at a time',
    },
  },
  730: {
    name: 'UPLOAD_TOO_MANY_FIELDS',
    text: {
      'zh-CN': '上传内容的表单项过多，最多{max}项',
      'zh-TW': '上傳內容的表單項過多，最多{max}項',
      'en-US': 'The upload carries too many form fields: at most {max}',
    },
  },
  731: {
    name: 'UPLOAD_FIELD_TOO_LARGE',
    text: {
      'zh-CN': '表单项“{field}”过长，最多{max}字节',
      'zh-TW': '表單項「{field}」過長，最多{max}位元組',
      'en-US': 'The form field "{field}" is too long: at most {max} bytes',
    },
  },
  732: {
    name: 'UPLOAD_MALFORMED',
    text: {
      'zh-CN': '上传内容不完整或格式错误，请重新选择文件上传',
      'zh-TW': '上傳內容不完整或格式錯誤，請重新選擇檔案上傳',
      'en-US': 'The upload is incomplete or malformed: choose the file and upload it again',
    },
  },
  733: {
    name: 'IMAGE_DAMAGED',
    text: {
      'zh-CN': '图片已损坏或不完整，请重新保存后上传',
      'zh-TW': '圖片已損壞或不完整，請重新儲存後上傳',
      'en-US': 'The image is damaged or incomplete: save it again and upload it',
    },
  },
  734: {
    name: 'IMAGE_TOO_MANY_PIXELS',
    text: {
      'zh-CN': '图片尺寸过大，每边最多{side}像素，总共最多{megapixels}百万像素',
      'zh-TW': '圖片尺寸過大，每邊最多{side}像素，總共最多{megapixels}百萬像素',
      'en-US': 'The image is too big: at most {side} pixels a side and {megapixels} megapixels in all',
    },
  },
  735: {
    name: 'WAREHOUSE_STOCK_ALL_STORES_ONLY',
    text: {
      'zh-CN': '总仓库存只能由主账号或管理全部门店的员工操作，请选择您管理的门店',
      'zh-TW': '總倉庫存只能由主帳號或管理全部門店的員工操作，請選擇您管理的門店',
      'en-US':
        'Warehouse stock is for the main account and staff managing all stores only: choose one of your stores',
    },
  },
} as const satisfies Record<number, RcodeEntry>;
