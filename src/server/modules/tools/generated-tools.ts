// Plausible tools for a large catalogue: what a supplier's list looks like (fasteners in many sizes, hand and
// power tools in several variants), deterministic so that every run reads the same catalogue.

export interface GeneratedTool {
  name: string;
  priceCents: number;
  availableQuantity: number;
  minOrderQuantity: number;
  details: string;
  image: string;
  createdAt: Date;
  updatedAt: Date;
}

interface Family {
  brands: string[];
  product: string;
  variants: string[];
  finishes: string[];
  image: string;
  priceCents: [number, number];
  minOrder: number[];
  details: (variant: string, finish: string) => string;
}

const FAMILIES: Family[] = [
  {
    brands: ['HexFast', 'BoltLine', 'Fixwell'],
    product: 'Hex Bolt',
    variants: [
      'M5 x 16 mm',
      'M6 x 20 mm',
      'M6 x 40 mm',
      'M8 x 25 mm',
      'M8 x 60 mm',
      'M10 x 50 mm',
      'M12 x 80 mm',
    ],
    finishes: [
      'Grade 8.8, Zinc-Plated',
      'Grade 10.9, Black Oxide',
      'A2 Stainless Steel',
      'Hot-Dip Galvanized',
    ],
    image: '/images/tools/hex-bolt-m10.svg',
    priceCents: [6, 95],
    minOrder: [100, 250, 500, 1000],
    details: (variant, finish) =>
      `Fully threaded hex head bolt to ISO 4017, ${variant}, metric coarse thread, ${finish.toLowerCase()}. Sold per piece; packed in cartons.`,
  },
  {
    brands: ['GripLock', 'Fixwell', 'NutPro'],
    product: 'Hex Flange Nut',
    variants: ['M5', 'M6', 'M8', 'M10', 'M12', 'M16'],
    finishes: ['Serrated, Zinc-Plated', 'Plain, A2 Stainless Steel', 'Serrated, Class 10'],
    image: '/images/tools/flange-nut-m8.svg',
    priceCents: [4, 60],
    minOrder: [250, 500, 1000],
    details: (variant, finish) =>
      `Hex flange nut to DIN 6923, ${variant} thread, ${finish.toLowerCase()}; the flange spreads the load without a separate washer. Sold per piece.`,
  },
  {
    brands: ['RollCore', 'SpinRight'],
    product: 'Deep-Groove Ball Bearing',
    variants: ['6000-2RS', '6001-2RS', '6200-ZZ', '6201-2RS', '6202-2RS', '6203-ZZ', '6204-2RS', '6205-2RS'],
    finishes: ['Chrome Steel', 'Stainless Steel', 'C3 Clearance'],
    image: '/images/tools/ball-bearing-6204.svg',
    priceCents: [180, 1900],
    minOrder: [10, 20, 50],
    details: (variant, finish) =>
      `Single-row deep-groove ball bearing ${variant} in ${finish.toLowerCase()}, sealed and greased for life. Sold per piece.`,
  },
  {
    brands: ['SteelLine', 'ForgeMaster', 'Kraftwell'],
    product: 'Combination Spanner',
    variants: ['8 mm', '10 mm', '13 mm', '17 mm', '19 mm', '22 mm', '24 mm'],
    finishes: ['Satin Chrome', 'Black Phosphate', 'Polished Chrome'],
    image: '/images/tools/combination-spanner-set.svg',
    priceCents: [390, 2400],
    minOrder: [5, 10],
    details: (variant, finish) =>
      `Drop-forged chrome vanadium combination spanner, ${variant}, ${finish.toLowerCase()} finish, 15-degree open end and 12-point ring end to ISO 7738.`,
  },
  {
    brands: ['TorqueMark', 'Precisa'],
    product: 'Click Torque Wrench',
    variants: ['1/4-Inch, 5-25 N·m', '3/8-Inch, 20-100 N·m', '1/2-Inch, 40-210 N·m', '3/4-Inch, 100-500 N·m'],
    finishes: ['Calibration Certificate', 'Reversible Ratchet', 'Dual Scale'],
    image: '/images/tools/torque-wrench.svg',
    priceCents: [5900, 34900],
    minOrder: [1, 2],
    details: (variant, finish) =>
      `Click-type torque wrench, ${variant}, accurate to ±4 % clockwise, with ${finish.toLowerCase()}. Supplied in a blow-moulded case.`,
  },
  {
    brands: ['ProDrive', 'VoltEdge', 'Kraftwell'],
    product: 'Cordless Drill Driver',
    variants: ['12V', '18V', '18V Brushless', '18V Combi'],
    finishes: ['Body Only', 'with 2 x 2.0 Ah Batteries', 'with 2 x 5.0 Ah Batteries'],
    image: '/images/tools/cordless-drill.svg',
    priceCents: [6900, 29900],
    minOrder: [1, 2, 5],
    details: (variant, finish) =>
      `${variant} cordless drill driver, two-speed gearbox, 13 mm keyless chuck, 21 torque settings, ${finish.toLowerCase()}.`,
  },
  {
    brands: ['GrindForce', 'CutLine'],
    product: 'Angle Grinder',
    variants: ['115 mm, 750 W', '125 mm, 1100 W', '125 mm, 1400 W', '230 mm, 2200 W'],
    finishes: ['Slide Switch', 'Paddle Switch', 'Anti-Kickback'],
    image: '/images/tools/angle-grinder.svg',
    priceCents: [3900, 18900],
    minOrder: [1, 2, 5],
    details: (variant, finish) =>
      `Angle grinder, ${variant}, ${finish.toLowerCase()}, spindle lock and tool-free guard adjustment. Discs sold separately.`,
  },
  {
    brands: ['AnvilPro', 'BenchMate'],
    product: 'Bench Vise',
    variants: ['100 mm', '125 mm', '150 mm', '200 mm'],
    finishes: ['Swivel Base', 'Fixed Base', 'with Pipe Jaws'],
    image: '/images/tools/bench-vise.svg',
    priceCents: [4900, 29900],
    minOrder: [1, 2],
    details: (variant, finish) =>
      `Cast iron bench vise, ${variant} jaws, ${finish.toLowerCase()}, replaceable hardened steel jaw plates.`,
  },
];

/** A repeatable pseudo-random sequence (mulberry32). */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * `count` tools, created over the year before `olderThan` (so the tools already there stay the newest), each
 * with stock for a few thousand minimum orders, except a `soldOut` share that cannot be ordered now. Their
 * part numbers start at `firstSerial`.
 */
export function generatedTools(
  count: number,
  olderThan: Date,
  { firstSerial = 10000, soldOut = 0 }: { firstSerial?: number; soldOut?: number } = {},
): GeneratedTool[] {
  const random = sequence(13 + firstSerial);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const tools: GeneratedTool[] = [];
  for (let i = 0; i < count; i++) {
    const family = FAMILIES[i % FAMILIES.length]!;
    const variant = pick(family.variants);
    const finish = pick(family.finishes);
    const [low, high] = family.priceCents;
    const minOrderQuantity = pick(family.minOrder);
    const createdAt = new Date(olderThan.getTime() - ((count - i) / count) * YEAR_MS);
    const orders = random() < soldOut ? random() : 2000 + random() * 8000;
    tools.push({
      // The serial keeps names unique, as a supplier's part numbers do.
      name: `${pick(family.brands)} ${variant} ${family.product}, ${finish} (#${firstSerial + i})`,
      priceCents: Math.round(low + random() * (high - low)),
      availableQuantity: Math.floor(minOrderQuantity * orders),
      minOrderQuantity,
      details: family.details(variant, finish),
      image: family.image,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return tools;
}
