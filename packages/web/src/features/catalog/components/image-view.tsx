import { ImageViewer } from 'antd-mobile';

/** antd-mobile's full-screen viewer (with its pinch-zoom code) in a chunk of its own, loaded on first "view". */
export function ImageView({ url, onClose }: { url: string | null; onClose: () => void }) {
  return <ImageViewer image={url ?? ''} visible={url !== null} onClose={onClose} />;
}
