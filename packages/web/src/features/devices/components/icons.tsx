import type { ReactNode } from 'react';

/**
 * Icons drawn here because antd-mobile's (SetOutline's gear is 4 KB of path data) would weigh more than the
 * screen's own code. Sized and coloured like antd-mobile-icons: 1em, currentColor.
 */
export function SettingsIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
      <circle cx="15" cy="6" r="2" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="9" cy="12" r="2" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="17" cy="18" r="2" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** The device card's icons, drawn in a few bytes each (antd-mobile's weigh about 1 KB of gzip apiece). */
function Drawn({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {children}
    </svg>
  );
}

/** A bank card, for the payout-card action. */
export const PayoutCardIcon = () => (
  <Drawn>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 10h18M7 15h4" />
  </Drawn>
);

/** One stream parting in two, for the fee-split action. */
export const SplitIcon = () => (
  <Drawn>
    <path d="M4 12h6l5-6h5M10 12l5 6h5" />
  </Drawn>
);

/** Four slots, for the shelves action. */
export const ShelvesIcon = () => (
  <Drawn>
    <rect x="4" y="4" width="7" height="7" rx="1.5" />
    <rect x="13" y="4" width="7" height="7" rx="1.5" />
    <rect x="4" y="13" width="7" height="7" rx="1.5" />
    <rect x="13" y="13" width="7" height="7" rx="1.5" />
  </Drawn>
);

/** A bag, for the inventory action. */
export const InventoryIcon = () => (
  <Drawn>
    <path d="M5 8h14l-1 12H6L5 8zM9 8V6.5a3 3 0 0 1 6 0V8" />
  </Drawn>
);

/** A map pin before the machine's place; it names what follows. */
export const PlaceIcon = ({ label }: { label: string }) => (
  <Drawn label={label}>
    <path d="M12 21s-6-5.4-6-10.2a6 6 0 1 1 12 0C18 15.6 12 21 12 21z" />
    <circle cx="12" cy="10.8" r="2.2" />
  </Drawn>
);
