export interface BannerSlide {
  eyebrow: string;
  title: string;
  text: string;
  image: string;
  imageAlt: string;
  action: { label: string; to: string };
}

export const bannerSlides: BannerSlide[] = [
  {
    eyebrow: 'Industrial supply since 1998',
    title: 'The right tools for managing your work',
    text: 'Power tools, hand tools, bearings and fasteners in bulk, straight from our warehouse to your workshop floor.',
    image: '/images/tools/cordless-drill.svg',
    imageAlt: 'Cordless drill',
    action: { label: 'Browse the catalogue', to: '/parts' },
  },
  {
    eyebrow: 'Quality before price',
    title: 'Built to last, because your satisfaction is our purpose',
    text: 'We would rather sell you a tool once than a cheap one twice: every line we stock is tested in real workshops, and backed by a 30-day money-back guarantee.',
    image: '/images/tools/torque-wrench.svg',
    imageAlt: 'Torque wrench',
    action: { label: 'Talk to sales', to: '/contact' },
  },
];

export const stats = [
  { label: 'Countries', value: 50 },
  { label: 'Happy Clients', value: 900 },
  { label: 'Successful Projects', value: 1200 },
] as const;
