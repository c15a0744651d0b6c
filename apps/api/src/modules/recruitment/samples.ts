import { simplePdf } from '../courses';

/**
 * CVs of the demo applications. They are generated in code (nothing binary is committed) and
 * written to storage the first time HR opens them, so demo data loads without file storage.
 */
const SAMPLE_PREFIX = 'samples/recruitment-cv-';

export type DemoCandidate = {
  fullName: string;
  email: string;
  phone: string;
  headline: string;
  lines: string[];
};

export function sampleCvKey(index: number): string {
  return `${SAMPLE_PREFIX}${index + 1}.pdf`;
}

export function sampleCvName(candidate: DemoCandidate): string {
  return `${candidate.fullName} CV.pdf`;
}

export function sampleCv(candidate: DemoCandidate): Buffer {
  return simplePdf(candidate.fullName, [
    candidate.headline,
    `${candidate.email} - ${candidate.phone}`,
    '',
    ...candidate.lines,
  ]);
}

export const DEMO_CANDIDATES: DemoCandidate[] = [
  {
    fullName: 'Hoa Nguyen',
    email: 'hoa.nguyen@mail.example.com',
    phone: '+84 912 345 001',
    headline: 'Customer care agent, 3 years',
    lines: [
      '2022-2025  Call centre agent, City Telecom',
      '2020-2022  Shop assistant',
      'Languages: English, Vietnamese',
    ],
  },
  {
    fullName: 'Tuan Le',
    email: 'tuan.le@mail.example.com',
    phone: '+84 912 345 002',
    headline: 'Network engineer, CCNA',
    lines: [
      '2021-2025  NOC engineer, Metro Networks',
      'CCNA, JNCIA',
      'Degree: Electronics and telecommunications',
    ],
  },
  {
    fullName: 'Mai Pham',
    email: 'mai.pham@mail.example.com',
    phone: '+84 912 345 003',
    headline: 'Sales consultant',
    lines: ['2023-2025  Sales consultant, Home Electronics', 'Top seller of the quarter, twice'],
  },
  {
    fullName: 'Quang Vo',
    email: 'quang.vo@mail.example.com',
    phone: '+84 912 345 004',
    headline: 'Field technician, fibre installation',
    lines: ['2019-2025  Field technician, FastNet', 'Motorbike licence, own tools'],
  },
  {
    fullName: 'Thu Dang',
    email: 'thu.dang@mail.example.com',
    phone: '+84 912 345 005',
    headline: 'Graduate, business administration',
    lines: ['2025  Bachelor of Business Administration', 'Internship: marketing assistant, 6 months'],
  },
];

/** The sample behind a demo CV key, built on demand. */
export function sampleCvFor(key: string): { name: string; build: () => Buffer } | undefined {
  if (!key.startsWith(SAMPLE_PREFIX)) return undefined;
  const index = Number(key.slice(SAMPLE_PREFIX.length, -'.pdf'.length)) - 1;
  const candidate = DEMO_CANDIDATES[index];
  if (!candidate) return undefined;
  return { name: sampleCvName(candidate), build: () => sampleCv(candidate) };
}

export function isSampleKey(key: string): boolean {
  return key.startsWith('samples/');
}
