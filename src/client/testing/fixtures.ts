import type { Order } from '#shared/schemas/orders.ts';
import type { Tool } from '#shared/schemas/tools.ts';
import type { User } from '#shared/schemas/users.ts';

export const angleGrinder: Tool = {
  _id: 'tool-1',
  name: 'Angle grinder',
  price: 12.5,
  availableQuantity: 500,
  minOrderQuantity: 10,
  details: 'A 125 mm grinder with a side handle.',
  image: '/images/tools/angle-grinder.svg',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  version: 1,
};

/** `count` tools, the n-th named "Tool n", newest (highest n) first as the catalogue lists them. */
export function someTools(count: number, from = 1): Tool[] {
  return Array.from({ length: count }, (_, index) => ({
    ...angleGrinder,
    _id: `tool-${from + index}`,
    name: `Tool ${from + index}`,
  }));
}

/** A page of a longer list as the API answers it: `rows` under `key`, with the page's figures. */
export function pageOf<K extends string, Row>(
  key: K,
  rows: Row[],
  { total = rows.length, page = 1, pageSize = 24 }: { total?: number; page?: number; pageSize?: number } = {},
) {
  return { [key]: rows, total, page, pageSize } as Record<K, Row[]> & {
    total: number;
    page: number;
    pageSize: number;
  };
}

export const unpaidOrder: Order = {
  _id: 'order-1',
  toolId: 'tool-1',
  img: angleGrinder.image,
  productName: angleGrinder.name,
  price: 125,
  unitPrice: 12.5,
  quantity: 10,
  address: '7 Foundry Lane',
  number: '555 0100',
  email: 'carla@example.com',
  userName: 'Carla Reyes',
  transactionId: null,
  paid: false,
  testPayment: false,
  isDeliverd: false,
  heldUntil: null,
  createdAt: '2026-01-06T10:00:00.000Z',
};

export const plainUser: User = {
  _id: 'user-2',
  name: 'Dev Patel',
  email: 'dev@example.com',
  img: null,
  role: 'user',
  number: null,
  address: null,
  institute: null,
  emailVerified: true,
  blocked: false,
};
