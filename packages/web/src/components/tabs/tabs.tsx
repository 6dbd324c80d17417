import { useRef, type KeyboardEvent } from 'react';
import './tabs.css';

export interface Tab<K extends string> {
  key: K;
  title: string;
}

interface TabsProps<K extends string> {
  tabs: readonly Tab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  className?: string;
}

/** Where each key moves the focus (and the choice), from the tab at `index` of `count`. */
const MOVES: Partial<Record<string, (index: number, count: number) => number>> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The tabs at the top of a screen, kept under the app header while the page scrolls. A row of buttons and CSS:
 * antd-mobile's Tabs animates its line with a spring library that a screen's first paint can do without.
 * Arrow keys, Home and End move between the tabs as the WAI-ARIA tabs pattern has it.
 */
export function Tabs<K extends string>({ tabs, activeKey, onChange, className }: TabsProps<K>) {
  const list = useRef<HTMLDivElement>(null);

  const keyDown = (event: KeyboardEvent, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    const target = move(index, tabs.length);
    const tab = tabs[target];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    list.current?.querySelectorAll<HTMLElement>('[role=tab]')[target]?.focus();
  };

  return (
    <div ref={list} className={className ? `tabs ${className}` : 'tabs'} role="tablist">
      {tabs.map((tab, index) => {
        const selected = tab.key === activeKey;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            className="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(tab.key);
            }}
            onKeyDown={(event) => keyDown(event, index)}
          >
            <span className="tab-title">{tab.title}</span>
          </button>
        );
      })}
    </div>
  );
}
