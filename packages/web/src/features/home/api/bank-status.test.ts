import { describe, expect, it } from 'vitest';
import { bankTodo, type BankStatus } from './bank-status';

const NONE: BankStatus = {
  has_approved: false,
  cards: 0,
  approved: 0,
  reviewing: 0,
  rejected: 0,
  incomplete: 0,
  devices: 2,
  unbound_devices: 2,
};

describe('home bank-card tip (spec §2)', () => {
  it('asks for a card until one is approved, then for the machines still without one', () => {
    expect(bankTodo(NONE)).toBe('addCard');
    expect(bankTodo({ ...NONE, cards: 1, reviewing: 1 })).toBe('addCard');
    expect(bankTodo({ ...NONE, has_approved: true, cards: 1, approved: 1 })).toBe('bindMachines');
  });

  it('says nothing once a card is approved and every machine is bound', () => {
    expect(bankTodo({ ...NONE, has_approved: true, cards: 1, approved: 1, unbound_devices: 0 })).toBeNull();
  });

  it('asks staff whose cards are only their own about the cards they added, never for a first one', () => {
    const own = { ...NONE, own_only: true };
    expect(bankTodo(own)).toBeNull();
    expect(bankTodo({ ...own, cards: 1, reviewing: 1 })).toBe('addCard');
    expect(bankTodo({ ...own, has_approved: true, cards: 1, approved: 1 })).toBe('bindMachines');
    expect(bankTodo({ ...own, has_approved: true, cards: 1, approved: 1, unbound_devices: 0 })).toBeNull();
  });
});
