// antd-mobile's imperative Toast and Dialog need React 19's createRoot, as in the app.
import '../lib/antd-root-render';

// PasscodeInput scrolls itself into view after focus; jsdom has no layout, so the call only needs to exist.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => {};
}
