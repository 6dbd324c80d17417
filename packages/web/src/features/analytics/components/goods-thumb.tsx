/** A goods' picture in a list row; an empty tile when it has none. */
export function GoodsThumb({ img }: { img: string }) {
  return img ? (
    <img className="an-thumb" src={img} alt="" loading="lazy" decoding="async" width={40} height={40} />
  ) : (
    <span className="an-thumb" aria-hidden="true" />
  );
}
