/**
 * antd-mobile draws an input's clear cross (Input, SearchBar) as a `div` with an `aria-label` and no role: a
 * screen reader cannot name it as a control, and axe counts a label on a plain div as a serious fault
 * (aria-prohibited-attr). It is a button (it clears the box on a tap), so it gets that role as it appears.
 */
const CLEAR = '.adm-input-clear:not([role])';

function mark(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.matches(CLEAR)) node.setAttribute('role', 'button');
  for (const cross of node.querySelectorAll(CLEAR)) cross.setAttribute('role', 'button');
}

export function giveClearButtonsTheirRole(root: Element): void {
  mark(root);
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(mark);
  }).observe(root, { childList: true, subtree: true });
}
