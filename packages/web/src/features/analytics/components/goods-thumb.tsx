/** A goods' picture in a list row; without one, its name's first character on a tile. */
export function GoodsThumb({ img, name }: { img: string; name: string }) {
  return img ? (
    <img className="an-thumb" src={img} alt="" loading="lazy" decoding="async" width={40} height={40} />
  ) : (
    <span className="an-thumb an-thumb-empty" aria-hidden="true">
      {Array.from(name.trim())[0] ?? ''}
    </span>
  );
}
