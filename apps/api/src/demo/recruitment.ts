import { inArray } from 'drizzle-orm';
import { branches } from '../modules/org/tables';
import { DEMO_CANDIDATES, sampleCv, sampleCvKey, sampleCvName } from '../modules/recruitment/samples';
import { recruitmentApplications, recruitmentPosts } from '../modules/recruitment/tables';
import type { Db } from '../platform/db/client';

const DAY = 24 * 60 * 60 * 1000;

type DemoPost = {
  vacancy: string;
  branch: string;
  /** Days from now to the end date; null for indefinite, negative for a closed post. */
  endsInDays: number | null;
  salary: [number, number] | null;
  workForm: 'FULL_TIME' | 'PART_TIME';
  gender?: 'MALE' | 'FEMALE' | 'ALL';
  quantity: number;
  degree: string;
  experience: string;
  rank: string;
  workplace: string;
  jobDescription: string;
  requirements: string;
  benefits: string;
  /** Demo candidates (index into DEMO_CANDIDATES) and how HR has decided. */
  applicants?: [number, 'PENDING' | 'APPROVED' | 'DISAPPROVED'][];
};

const HR_POLICY =
  'We hire on merit and treat every application the same way. Shortlisted candidates are invited to an interview within two weeks of the deadline.';
const BENEFITS =
  'Salary reviewed every year\nTraining at the Academy from day one\nHealth insurance for you and your family\n13th-month bonus';

/** Demo job posts across the branches: one closed, one indefinite, a few with applications. */
export const DEMO_POSTS: DemoPost[] = [
  {
    vacancy: 'Customer care agent',
    branch: 'Skyline Mobile Hanoi',
    endsInDays: 30,
    salary: [9_000_000, 12_000_000],
    workForm: 'FULL_TIME',
    quantity: 5,
    degree: 'College or higher',
    experience: '1 year in customer service',
    rank: 'Staff',
    workplace: 'Hanoi call centre',
    jobDescription:
      'Answer customer calls and chats about plans, bills and coverage.\nSolve problems on the first contact where you can, and hand over the rest with clear notes.',
    requirements:
      'Clear spoken Vietnamese and good English\nPatience and a friendly voice\nShift work, including weekends',
    benefits: BENEFITS,
    applicants: [
      [0, 'PENDING'],
      [2, 'APPROVED'],
    ],
  },
  {
    vacancy: 'Network operations engineer',
    branch: 'Skyline Fibre Ho Chi Minh City',
    endsInDays: 45,
    salary: [20_000_000, 30_000_000],
    workForm: 'FULL_TIME',
    quantity: 2,
    degree: 'Bachelor in telecommunications or IT',
    experience: '3 years in a network operations centre',
    rank: 'Senior engineer',
    workplace: 'Ho Chi Minh City NOC',
    jobDescription:
      'Monitor the fibre backbone, lead incident response and plan maintenance windows with the field teams.',
    requirements: 'CCNA or equivalent\nExperience with IP/MPLS networks\nOn-call one week in four',
    benefits: BENEFITS,
    applicants: [[1, 'PENDING']],
  },
  {
    vacancy: 'Sales consultant (part-time)',
    branch: 'Skyline Mobile Da Nang',
    endsInDays: null,
    salary: [6_000_000, 8_000_000],
    workForm: 'PART_TIME',
    quantity: 10,
    degree: 'High school',
    experience: 'No experience needed',
    rank: 'Staff',
    workplace: 'Da Nang stores',
    jobDescription: 'Welcome customers in our stores, explain our plans and devices, and help them sign up.',
    requirements: 'Available four hours a day, evenings or weekends\nFriendly and curious',
    benefits: 'Commission on every sale\nFlexible hours\nTraining at the Academy',
  },
  {
    vacancy: 'Field technician',
    branch: 'Skyline Fibre Hai Phong',
    endsInDays: 20,
    salary: [10_000_000, 14_000_000],
    workForm: 'FULL_TIME',
    gender: 'ALL',
    quantity: 4,
    degree: 'Vocational certificate in electrics or telecoms',
    experience: '1 year of installation work',
    rank: 'Technician',
    workplace: 'Hai Phong and nearby districts',
    jobDescription: 'Install and repair fibre connections at customers’ homes and offices.',
    requirements: 'Motorbike licence\nComfortable working at height',
    benefits: BENEFITS,
    applicants: [[3, 'DISAPPROVED']],
  },
  {
    vacancy: 'TV content producer',
    branch: 'Skyline TV Hue',
    endsInDays: 60,
    salary: null,
    workForm: 'FULL_TIME',
    quantity: 1,
    degree: 'Bachelor in media or journalism',
    experience: '2 years producing video content',
    rank: 'Producer',
    workplace: 'Hue studio',
    jobDescription: 'Plan, shoot and edit short programmes about culture and travel in central Vietnam.',
    requirements: 'A portfolio of published work\nGood command of editing software',
    benefits: 'Salary to be agreed\nModern studio and equipment',
  },
  {
    vacancy: 'Store supervisor',
    branch: 'Skyline TV Can Tho',
    endsInDays: -5,
    salary: [12_000_000, 16_000_000],
    workForm: 'FULL_TIME',
    quantity: 1,
    degree: 'College or higher',
    experience: '2 years leading a retail team',
    rank: 'Supervisor',
    workplace: 'Can Tho flagship store',
    jobDescription: 'Run the daily work of a store team of eight: rotas, targets, stock and coaching.',
    requirements: 'Leadership experience in retail\nGood with numbers',
    benefits: BENEFITS,
    applicants: [[4, 'APPROVED']],
  },
  {
    vacancy: 'Data analyst intern',
    branch: 'Skyline Mobile Hanoi',
    endsInDays: 14,
    salary: [5_000_000, 6_000_000],
    workForm: 'PART_TIME',
    quantity: 2,
    degree: 'Final-year student in statistics, economics or IT',
    experience: 'None',
    rank: 'Intern',
    workplace: 'Hanoi head office',
    jobDescription: 'Help the marketing team measure campaigns and build simple dashboards.',
    requirements: 'Spreadsheets and basic SQL\nThree days a week for six months',
    benefits: 'Monthly allowance\nA mentor from the analytics team',
  },
];

/** Adds the demo job posts and applications (inside the demo transaction). */
export async function seedDemoRecruitment(db: Db, now: Date = new Date()): Promise<void> {
  const names = [...new Set(DEMO_POSTS.map((p) => p.branch))];
  const found = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(inArray(branches.name, names));
  const branchId = new Map(found.map((b) => [b.name, b.id]));
  const posts = DEMO_POSTS.filter((p) => branchId.has(p.branch));
  if (posts.length === 0) return;
  const created = await db
    .insert(recruitmentPosts)
    .values(
      posts.map((p, i) => ({
        vacancy: p.vacancy,
        branchId: branchId.get(p.branch) as number,
        endAt: p.endsInDays === null ? null : new Date(now.getTime() + p.endsInDays * DAY),
        salaryMin: p.salary?.[0] ?? null,
        salaryMax: p.salary?.[1] ?? null,
        workForm: p.workForm,
        gender: p.gender ?? 'ALL',
        quantity: p.quantity,
        degree: p.degree,
        experience: p.experience,
        rank: p.rank,
        workplace: p.workplace,
        address: `${p.workplace}, ${p.branch.replace(/^Skyline \w+ /, '')}`,
        jobDescription: p.jobDescription,
        requirements: p.requirements,
        benefits: p.benefits,
        hrPolicy: HR_POLICY,
        createdAt: new Date(now.getTime() - (posts.length - i) * DAY),
      })),
    )
    .returning({ id: recruitmentPosts.id });
  const applications = posts.flatMap((p, i) =>
    (p.applicants ?? []).map(([candidateIndex, status]) => {
      const candidate = DEMO_CANDIDATES[candidateIndex];
      if (!candidate) throw new Error(`no demo candidate ${candidateIndex}`);
      return {
        postId: created[i]?.id as number,
        fullName: candidate.fullName,
        email: candidate.email,
        phone: candidate.phone,
        message: `I would love to join Skyline as ${p.vacancy.toLowerCase()}. My CV is attached.`,
        cvKey: sampleCvKey(candidateIndex),
        cvName: sampleCvName(candidate),
        cvSize: sampleCv(candidate).length,
        status,
        reviewedAt: status === 'PENDING' ? null : now,
      };
    }),
  );
  if (applications.length) await db.insert(recruitmentApplications).values(applications);
}
