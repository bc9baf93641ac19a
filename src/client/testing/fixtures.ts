import type { Tool } from '#shared/schemas/tools.ts';

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
