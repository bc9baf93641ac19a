export interface DemoTool {
  name: string;
  priceCents: number; // unit price per piece in integer cents
  availableQuantity: number;
  minOrderQuantity: number;
  details: string;
  image: string; // e.g. "/images/tools/cordless-drill.svg"
}

/** The demo catalogue, oldest first: the seeder gives the last entry the newest timestamp. */
export const demoTools: readonly DemoTool[] = [
  {
    name: 'HexFast M10 x 50 mm Hex Bolt, Grade 8.8, Zinc-Plated',
    priceCents: 38,
    availableQuantity: 48000,
    minOrderQuantity: 500,
    details:
      'Fully threaded hex head bolt to ISO 4017 (formerly DIN 933), M10 x 1.5 metric coarse thread, 50 mm long, 16 mm across flats. Property class 8.8 carbon steel (800 MPa tensile strength) with bright zinc plating for indoor and sheltered outdoor use. Sold per piece; packed in cartons of 500.',
    image: '/images/tools/hex-bolt-m10.svg',
  },
  {
    name: 'GripLock M8 Serrated Hex Flange Nut, Zinc-Plated',
    priceCents: 14,
    availableQuantity: 65000,
    minOrderQuantity: 1000,
    details:
      'Hex flange nut to DIN 6923 / ISO 4161, M8 x 1.25 thread, 13 mm across flats with a 17.9 mm serrated bearing face that resists loosening under vibration without a separate washer. Property class 8 steel, zinc-plated. Sold per piece; packed in cartons of 1,000.',
    image: '/images/tools/flange-nut-m8.svg',
  },
  {
    name: 'RollCore 6204-2RS Deep-Groove Ball Bearing',
    priceCents: 490,
    availableQuantity: 3200,
    minOrderQuantity: 50,
    details:
      'Single-row deep-groove ball bearing, 20 mm bore x 47 mm OD x 14 mm wide, in through-hardened AISI 52100 chrome steel with NBR rubber seals on both sides. Dynamic load rating 13.5 kN, static 6.55 kN, limiting speed 8,500 rpm, normal (CN) clearance. Factory-greased for life with lithium-complex grease; sold per piece.',
    image: '/images/tools/ball-bearing-6204.svg',
  },
  {
    name: 'SteelLine 12-Piece Combination Spanner Set, 8-19 mm',
    priceCents: 5490,
    availableQuantity: 420,
    minOrderQuantity: 5,
    details:
      'Twelve combination spanners in sizes 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18 and 19 mm, drop-forged chrome vanadium steel with a satin chrome finish, made to ISO 7738 / DIN 3113. 15-degree offset open end and 12-point ring end with 10-degree offset for work in tight spaces. Supplied on a steel storage rack.',
    image: '/images/tools/combination-spanner-set.svg',
  },
  {
    name: 'SteelLine 250 mm Adjustable Wrench',
    priceCents: 1850,
    availableQuantity: 1150,
    minOrderQuantity: 10,
    details:
      '10-inch (250 mm) adjustable wrench with a 0-30 mm jaw capacity, drop-forged chrome vanadium steel, made to ISO 6787. Precision-machined worm gear keeps the movable jaw free of play, and laser-etched metric and imperial scales sit on the jaw. Bi-material non-slip grip with a hang hole; weight 290 g.',
    image: '/images/tools/adjustable-wrench.svg',
  },
  {
    name: 'AnvilPro 125 mm Swivel Bench Vise',
    priceCents: 14900,
    availableQuantity: 180,
    minOrderQuantity: 2,
    details:
      'Workshop bench vise with 125 mm replaceable hardened serrated jaws, 150 mm maximum opening and 85 mm throat depth. Ductile cast-iron body with an enclosed steel spindle and a rear anvil face, on a 360-degree swivel base with twin locking levers. Bolts down with four M12 bolts; weight 12.5 kg.',
    image: '/images/tools/bench-vise.svg',
  },
  {
    name: 'TorqueMark 1/2-Inch Click Torque Wrench, 40-210 N·m',
    priceCents: 11900,
    availableQuantity: 260,
    minOrderQuantity: 5,
    details:
      'Click-type torque wrench with a 1/2-inch square drive, 40-210 N·m (30-155 ft·lb) range and ±4% accuracy clockwise to ISO 6789-1:2017. 72-tooth reversible ratchet head, lockable micrometer scale and knurled grip; overall length 485 mm. Supplied in a blow-moulded case with an individual calibration certificate.',
    image: '/images/tools/torque-wrench.svg',
  },
  {
    name: 'SteelLine 24-Piece 1/2-Inch Drive Socket Set',
    priceCents: 8900,
    availableQuantity: 340,
    minOrderQuantity: 5,
    details:
      'Heavy-duty 1/2-inch drive set with eighteen 6-point sockets from 10 to 32 mm, a 72-tooth quick-release ratchet, 125 mm and 250 mm extensions, a universal joint, a sliding T-bar and an adaptor. Chrome vanadium steel with a mirror-polished chrome finish, made to ISO 2725 / DIN 3124. Packed in a steel-latched blow-moulded case.',
    image: '/images/tools/socket-set.svg',
  },
  {
    name: 'CutLine 1400 W Circular Saw, 185 mm',
    priceCents: 13900,
    availableQuantity: 210,
    minOrderQuantity: 5,
    details:
      'Corded 230 V circular saw with a 1,400 W motor, 5,200 rpm no-load speed and a 185 mm x 20 mm bore blade. Cutting depth 65 mm at 90 degrees and 45 mm at 45 degrees, with tool-free depth and 0-50 degree bevel adjustment on a pressed-steel base plate. Comes with a 24-tooth carbide blade, parallel guide, blade spanner and dust extraction adaptor.',
    image: '/images/tools/circular-saw.svg',
  },
  {
    name: 'GrindForce 1100 W Angle Grinder, 125 mm',
    priceCents: 6900,
    availableQuantity: 560,
    minOrderQuantity: 10,
    details:
      'Corded 230 V angle grinder for 125 mm discs, 1,100 W motor, 11,000 rpm no-load speed and an M14 spindle with spindle lock. Restart protection, soft start and a slide switch with lock-on; weight 2.2 kg. Supplied with a tool-free adjustable guard, two-position side handle, flange nut and pin spanner.',
    image: '/images/tools/angle-grinder.svg',
  },
  {
    name: 'ProDrive 18V Brushless Impact Wrench, 1/2-Inch',
    priceCents: 21900,
    availableQuantity: 300,
    minOrderQuantity: 5,
    details:
      '18 V brushless cordless impact wrench with a 1/2-inch square drive and hog ring, 610 N·m maximum tightening torque, 0-2,400 rpm and 0-3,200 impacts per minute, three speed settings and an LED work light. Length 172 mm, weight 1.9 kg with a 5.0 Ah battery. Supplied with two 18 V 5.0 Ah Li-ion batteries, a fast charger and a carry case.',
    image: '/images/tools/impact-wrench.svg',
  },
  {
    name: 'ProDrive 18V Cordless Drill Driver',
    priceCents: 12900,
    availableQuantity: 640,
    minOrderQuantity: 5,
    details:
      '18 V brushless drill driver with two speeds (0-500 / 0-1,800 rpm), 60 N·m maximum torque, a 21+1 position clutch and a 13 mm all-metal keyless chuck. Drills up to 38 mm in wood and 13 mm in steel; weight 1.6 kg with a 2.0 Ah battery. Supplied with two 18 V 2.0 Ah Li-ion batteries, a one-hour charger and a carry case.',
    image: '/images/tools/cordless-drill.svg',
  },
];
