import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

type Key = 'a' | 'b' | 'c';

function Screen() {
  const [key, setKey] = useState<Key>('a');
  return (
    <Tabs<Key>
      tabs={[
        { key: 'a', title: 'Areas' },
        { key: 'b', title: 'Stores' },
        { key: 'c', title: 'Goods' },
      ]}
      activeKey={key}
      onChange={setKey}
    />
  );
}

const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  it('selects the tab tapped, with only the selected one in the tab order', () => {
    render(<Screen />);
    expect(selected()?.textContent).toBe('Areas');
    fireEvent.click(screen.getByRole('tab', { name: 'Goods' }));
    expect(selected()?.textContent).toBe('Goods');
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('moves with the arrow keys, Home and End, wrapping at the ends', () => {
    render(<Screen />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Areas' }), { key: 'ArrowLeft' });
    expect(selected()?.textContent).toBe('Goods');
    expect(document.activeElement?.textContent).toBe('Goods');
    fireEvent.keyDown(document.activeElement ?? list, { key: 'ArrowRight' });
    expect(selected()?.textContent).toBe('Areas');
    fireEvent.keyDown(document.activeElement ?? list, { key: 'End' });
    expect(selected()?.textContent).toBe('Goods');
    fireEvent.keyDown(document.activeElement ?? list, { key: 'Home' });
    expect(selected()?.textContent).toBe('Areas');
  });
});
