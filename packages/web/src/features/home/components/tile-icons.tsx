import type { ReactNode, SVGProps } from 'react';

/*
 * Line icons for the home tiles. Drawn here as a few path commands each: the icon font's SVGs weigh about a
 * kilobyte apiece, and the home screen shows twenty of them on its first paint.
 */

function icon(paths: ReactNode) {
  return function TileIcon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        viewBox="0 0 24 24"
        width="1em"
        height="1em"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.7}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const ChartIcon = icon(<path d="M4 20V11M10 20V5M16 20v-6M21 20H3" />);
export const ReceiptIcon = icon(<path d="M6 3h12v18l-3-1.8-3 1.8-3-1.8L6 21zM9.5 8h5M9.5 11.5h5M9.5 15h3" />);
export const PinIcon = icon(
  <>
    <path d="M12 21s-6.5-5.8-6.5-11.3a6.5 6.5 0 0 1 13 0C18.5 15.2 12 21 12 21z" />
    <circle cx="12" cy="9.7" r="2.3" />
  </>,
);
export const PieIcon = icon(
  <>
    <path d="M11 4a8 8 0 1 0 9 9h-9z" />
    <path d="M14 3.2A8 8 0 0 1 20.8 10H14z" />
  </>,
);
export const TrendIcon = icon(<path d="M3.5 17.5l5.5-5.5 4 4 7.5-7.5M15 8.5h5.5V14" />);
export const ScanIcon = icon(
  <path d="M4 8.5V5.5A1.5 1.5 0 0 1 5.5 4h3M15.5 4h3A1.5 1.5 0 0 1 20 5.5v3M20 15.5v3a1.5 1.5 0 0 1-1.5 1.5h-3M8.5 20h-3A1.5 1.5 0 0 1 4 18.5v-3M4 12h16" />,
);
export const MachineIcon = icon(
  <>
    <rect x="5" y="2.5" width="14" height="19" rx="1.8" />
    <path d="M8 6h5.5v8H8zM16.3 7v1.5M16.3 11v1.5M8 18h8" />
  </>,
);
export const StoreIcon = icon(
  <path d="M4 9.5L5.5 4h13L20 9.5M4 9.5h16M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0M5.5 12v8h13v-8M10 20v-4.5h4V20" />,
);
export const BoxIcon = icon(
  <path d="M20.5 7.8L12 3.3 3.5 7.8 12 12.3zM3.5 7.8v8.4L12 20.7l8.5-4.5V7.8M12 12.3v8.4" />,
);
export const StarIcon = icon(
  <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />,
);
export const MemberIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="10.8" r="2.2" />
    <path d="M5.8 16.3c.6-1.5 1.8-2.3 3.2-2.3s2.6.8 3.2 2.3M14.5 10h4M14.5 13.5h3" />
  </>,
);
export const MegaphoneIcon = icon(
  <path d="M3.5 10v4h3l7 4.5v-13L6.5 10zM17 9.2a4 4 0 0 1 0 5.6M19.4 6.8a7.3 7.3 0 0 1 0 10.4" />,
);
export const WarehouseIcon = icon(<path d="M3 20.5V9l9-5 9 5v11.5M7 20.5V13h10v7.5M7 16.8h10" />);
export const CardIcon = icon(
  <>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 9.8h19M6 15h4" />
  </>,
);
export const YuanIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 7.5l3 4 3-4M12 11.5V17M9 12.5h6M9 15h6" />
  </>,
);
export const TeamIcon = icon(
  <>
    <circle cx="9" cy="8" r="3.2" />
    <path d="M3 20c.5-3.4 2.9-5.4 6-5.4s5.5 2 6 5.4M16 4.9a3.2 3.2 0 0 1 0 6.2M18 14.6c1.9.7 3 2.6 3.3 5.4" />
  </>,
);
export const BellIcon = icon(<path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15zM10 20.5a2 2 0 0 0 4 0" />);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="M11 12l8-8M16 7l2.5 2.5M14 9l2 2" />
  </>,
);
/** Webhooks: a signal leaving for another system. */
export const HookIcon = icon(
  <>
    <circle cx="6" cy="12" r="2.5" />
    <path d="M8.5 12h5M13.5 8l4 4-4 4M20 5v14" />
  </>,
);
/** The audit log: a list with a magnifier. */
export const LogIcon = icon(
  <>
    <path d="M5 4h10v16H5zM8 8h4M8 12h4M8 16h2" />
    <circle cx="17" cy="15" r="3" />
    <path d="M19.2 17.2L21 19" />
  </>,
);
export const CheckIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M8 12.3l2.8 2.8 5.4-5.6" />
  </>,
);
