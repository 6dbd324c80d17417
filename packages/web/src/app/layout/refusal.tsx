import { useTranslation } from 'react-i18next';
import { EmptyGuide } from '../../components/empty-guide/empty-guide';
import type { RefusalText } from '../route-handle';

type Namespace = RefusalText extends `${infer N}:${string}` ? N : never;

/**
 * The "no permission" screen of a route whose table entry words it (`refusal`), in its screen's texts. Their
 * namespace loads with it: a refusal is rare, so those texts do not travel with the shell.
 */
export function Refusal({ text }: { text: RefusalText }) {
  const { t } = useTranslation(['common', text.slice(0, text.indexOf(':')) as Namespace]);
  return <EmptyGuide description={t(text)} />;
}
