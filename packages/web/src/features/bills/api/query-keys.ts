/** Query keys of the bill screens. A refund or a vend again touches both lists and the home alert. */
export const billKeys = {
  all: ['bills'] as const,
  buy: ['bills', 'buy'] as const,
  pay: ['bills', 'pay'] as const,
  abnormalCount: ['bills', 'abnormal-count'] as const,
  card: ['bills', 'card'] as const,
  shelves: ['bills', 'shelves'] as const,
};
