export interface Skill {
  name: string;
  /** 0 to 100. */
  level: number;
  /** 1 basic, 2 good. */
  range: 1 | 2;
}

export interface Project {
  name: string;
  description: string;
  stack: string[];
  demoUrl: string;
  sourceUrl: string;
}

export interface TimelineEntry {
  title: string;
  place: string;
  period: string;
  description: string;
}

export interface NamedNote {
  name: string;
  description: string;
}

const email = 'maya.kowalski@example.com';

export const person = {
  name: 'Maya Kowalski',
  email,
  summary:
    'I build the Forgeline storefront: fast, accessible pages that help workshop buyers find the right part and order it in bulk without a phone call.',
  details: [
    { label: 'Role', value: 'Front-end Developer at Forgeline' },
    { label: 'Based in', value: 'Pittsburgh, Pennsylvania' },
    { label: 'Experience', value: '7 years' },
    { label: 'Languages', value: 'English, Polish' },
    { label: 'Email', value: email, href: `mailto:${email}` },
    { label: 'Phone', value: '+1 412 555 0147', href: 'tel:+14125550147' },
  ],
} as const;

/** The titles the typing animation writes, one after another. */
export const typedTitles = [
  'Front-end Developer',
  'React & TypeScript Engineer',
  'Accessibility Advocate',
  'Design-minded Problem Solver',
];

export const skills: Skill[] = [
  { name: 'HTML & CSS', level: 92, range: 2 },
  { name: 'JavaScript', level: 88, range: 2 },
  { name: 'React', level: 86, range: 2 },
  { name: 'TypeScript', level: 80, range: 2 },
  { name: 'Tailwind CSS', level: 78, range: 2 },
  { name: 'Web accessibility', level: 75, range: 2 },
  { name: 'Testing (Vitest, Playwright)', level: 70, range: 2 },
  { name: 'Node.js', level: 55, range: 1 },
  { name: 'SQL', level: 45, range: 1 },
  { name: 'Figma', level: 40, range: 1 },
];

export const projects: Project[] = [
  {
    name: 'Forgeline storefront',
    description:
      'The shop you are on: catalogue, bulk ordering with minimum quantities, card payments and dashboards for buyers and staff.',
    stack: ['React', 'TypeScript', 'TanStack Query', 'Tailwind CSS'],
    demoUrl: 'https://example.com/forgeline-storefront',
    sourceUrl: 'https://example.com/code/forgeline-storefront',
  },
  {
    name: 'Torque spec finder',
    description:
      'A searchable reference of bolt sizes and torque values that works offline on the workshop floor, installable as an app.',
    stack: ['React', 'Service worker', 'IndexedDB'],
    demoUrl: 'https://example.com/torque-spec-finder',
    sourceUrl: 'https://example.com/code/torque-spec-finder',
  },
  {
    name: 'Stock level dashboard',
    description:
      'Live warehouse stock with reorder alerts, charts of weekly demand and a keyboard-friendly data table.',
    stack: ['React', 'D3', 'WebSocket'],
    demoUrl: 'https://example.com/stock-dashboard',
    sourceUrl: 'https://example.com/code/stock-dashboard',
  },
];

export const workHistory: TimelineEntry[] = [
  {
    title: 'Front-end Developer',
    place: 'Forgeline Tools & Parts, Pittsburgh',
    period: '2022 – present',
    description:
      'Leads the storefront’s front end: moved it to React and TypeScript, cut the home page’s JavaScript by half and brought it to WCAG 2.2 AA.',
  },
  {
    title: 'Web Developer',
    place: 'Ironbridge Digital, Pittsburgh',
    period: '2020 – 2022',
    description:
      'Built e-commerce and catalogue sites for manufacturers and distributors, from design hand-off to launch.',
  },
  {
    title: 'Junior Web Developer',
    place: 'Allegheny Print & Web',
    period: '2019 – 2020',
    description: 'Turned designs into responsive, accessible pages and maintained clients’ content sites.',
  },
];

export const education: TimelineEntry[] = [
  {
    title: 'Certificate in Web Accessibility',
    place: 'Inclusive Web Academy (online)',
    period: '2023',
    description: 'Auditing and fixing websites against WCAG, with screen reader and keyboard testing.',
  },
  {
    title: 'B.Sc. Computer Science',
    place: 'Three Rivers State University',
    period: '2015 – 2019',
    description: 'Focus on human–computer interaction; thesis on keyboard navigation in complex web forms.',
  },
];

export const softSkills: NamedNote[] = [
  { name: 'Clear communication', description: 'Explains technical trade-offs in plain words.' },
  { name: 'Teamwork', description: 'Works closely with design, sales and the warehouse team.' },
  { name: 'Problem solving', description: 'Breaks big problems into small, testable steps.' },
  { name: 'Mentoring', description: 'Coaches junior developers through code review and pairing.' },
  { name: 'Attention to detail', description: 'Notices the misaligned pixel and the missing label.' },
  { name: 'Time management', description: 'Ships in small increments and keeps promises on dates.' },
];

export const hobbies: NamedNote[] = [
  { name: 'Woodworking', description: 'Furniture for friends, made with hand tools from our own catalogue.' },
  { name: 'Rock climbing', description: 'Indoor bouldering in winter, the New River Gorge in summer.' },
  { name: 'Film photography', description: 'Black-and-white street photography, developed at home.' },
  { name: 'Cycling', description: 'Commutes by bike along the river trails, all year round.' },
];
