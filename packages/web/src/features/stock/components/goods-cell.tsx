import type { GoodsBrief } from '@vendo/contract/api/catalog';
import { Image } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

/** Goods as stock lists show them: thumbnail, name, and a line under it. */
export function GoodsCell({ goods, sub, size = 48 }: { goods: GoodsBrief; sub?: ReactNode; size?: number }) {
  return (
    <div className="goods-cell">
      {goods.img ? (
        <Image
          src={goods.img}
          alt=""
          fit="cover"
          lazy
          className="goods-cell-img"
          style={{ width: size, height: size }}
        />
      ) : (
        <span
          className="goods-cell-img goods-cell-empty"
          style={{ width: size, height: size }}
          aria-hidden="true"
        >
          <PictureOutline />
        </span>
      )}
      <div className="goods-cell-text">
        <span className="goods-cell-name">{goods.goods_name}</span>
        {sub ? <span className="goods-cell-sub">{sub}</span> : null}
      </div>
    </div>
  );
}
