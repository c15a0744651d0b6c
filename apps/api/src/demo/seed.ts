import { count, eq, sql } from 'drizzle-orm';
import { authorizations } from '../modules/authorizations/tables';
import { branches, departments, services } from '../modules/org/tables';
import { hashPassword } from '../modules/users/passwords';
import { users } from '../modules/users/tables';
import type { Db } from '../platform/db/client';
import { seedDemoCertificates } from './certificates';
import { seedDemoCourses } from './courses';
import { seedDemoShowcase } from './progress';
import { seedDemoQa } from './qa';
import { seedDemoRecruitment } from './recruitment';
import { seedDemoSite } from './site';

/** The demo accounts listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { employeeCode: 'admin', password: 'Admin@2026' },
  staff: { employeeCode: 'staff', password: 'Staff@2026' },
  student: { employeeCode: 'student', password: 'Student@2026' },
  newhire: { employeeCode: 'newhire', password: 'Newhire@2026' },
} as const;

const DEMO_SERVICES = [
  { name: 'Skyline Mobile', websiteUrl: 'https://mobile.example.com', branches: ['Hanoi', 'Da Nang'] },
  {
    name: 'Skyline Fibre',
    websiteUrl: 'https://fibre.example.com',
    branches: ['Ho Chi Minh City', 'Hai Phong'],
  },
  { name: 'Skyline TV', websiteUrl: 'https://tv.example.com', branches: ['Can Tho', 'Hue'] },
];
const DEMO_DEPARTMENTS = ['Sales', 'Customer care', 'Network operations'];

/** Password of every generated demo employee (the four demo accounts keep their own). */
export const DEMO_EMPLOYEE_PASSWORD = 'Employee@2026';
/** How many employees the demo adds besides the four demo accounts; the last few are stopped. */
export const DEMO_EMPLOYEE_COUNT = 32;
export const DEMO_STOPPED_COUNT = 3;

const FAMILY_NAMES = [
  'Nguyen',
  'Tran',
  'Le',
  'Pham',
  'Hoang',
  'Vu',
  'Dang',
  'Bui',
  'Do',
  'Ngo',
  'Duong',
  'Ly',
];
const GIVEN_NAMES = [
  ['Anh', 'FEMALE'],
  ['Bao', 'MALE'],
  ['Chi', 'FEMALE'],
  ['Duc', 'MALE'],
  ['Giang', 'FEMALE'],
  ['Hai', 'MALE'],
  ['Hanh', 'FEMALE'],
  ['Khanh', 'MALE'],
  ['Lan', 'FEMALE'],
  ['Long', 'MALE'],
  ['Mai', 'FEMALE'],
  ['Nam', 'MALE'],
  ['Ngoc', 'FEMALE'],
  ['Phuc', 'MALE'],
  ['Quynh', 'FEMALE'],
  ['Son', 'MALE'],
] as const;
const POSITIONS: Record<string, string[]> = {
  Sales: ['Sales consultant', 'Account manager', 'Store supervisor'],
  'Customer care': ['Care agent', 'Care team lead', 'Complaints specialist'],
  'Network operations': ['Network engineer', 'Field technician', 'NOC operator'],
};

type Placement = {
  serviceId: number;
  branchId: number;
  branchName: string;
  departmentId: number;
  name: string;
};

/** Deterministic employees spread over every branch and department. */
function demoEmployees(placements: Placement[], passwordHash: string, authorizationIds: number[]) {
  return Array.from({ length: DEMO_EMPLOYEE_COUNT }, (_, i) => {
    const place = placements[i % placements.length] as Placement;
    const family = FAMILY_NAMES[i % FAMILY_NAMES.length] as string;
    const [given, gender] = GIVEN_NAMES[(i * 5) % GIVEN_NAMES.length] as (typeof GIVEN_NAMES)[number];
    const positions = POSITIONS[place.name] ?? ['Employee'];
    const code = `E${1001 + i}`;
    return {
      employeeCode: code,
      fullName: `${given} ${family}`,
      email: `${given}.${family}.${code}@academy.example.com`.toLowerCase(),
      passwordHash,
      role: 'ROLE_STUDENT',
      gender,
      dateOfBirth: `${1975 + ((i * 7) % 28)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
      phone: `+84 9${String(10_000_000 + i * 7919).slice(0, 8)}`,
      position: positions[i % positions.length] ?? null,
      workplace: place.branchName,
      authorizedOn: `2024-${String(1 + (i % 12)).padStart(2, '0')}-15`,
      serviceId: place.serviceId,
      branchId: place.branchId,
      departmentId: place.departmentId,
      authorizationId: i % 8 === 0 ? (authorizationIds[(i / 8) % authorizationIds.length] ?? null) : null,
      access: i >= DEMO_EMPLOYEE_COUNT - DEMO_STOPPED_COUNT ? 'STOPPED' : 'ALLOWED',
    };
  });
}

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Loads the demo organisation and accounts into an empty database, in one transaction.
 * `showcase` (the product demo of `npm start`, not the test harness) adds the learning showcase:
 * roles, a roadmap and colleagues' progress (demo/progress.ts).
 */
export async function seedDemoData(db: Db, options: { showcase?: boolean } = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const hashes = Object.fromEntries(
    await Promise.all(
      Object.entries(DEMO_ACCOUNTS).map(async ([key, a]) => [key, await hashPassword(a.password)] as const),
    ),
  ) as Record<keyof typeof DEMO_ACCOUNTS, string>;
  const employeeHash = await hashPassword(DEMO_EMPLOYEE_PASSWORD);

  await db.transaction(async (tx) => {
    let firstBranchId = 0;
    let firstDepartmentId = 0;
    let firstServiceId = 0;
    const placements: Placement[] = [];
    for (const service of DEMO_SERVICES) {
      const [s] = await tx
        .insert(services)
        .values({ name: service.name, websiteUrl: service.websiteUrl, showOnHome: true })
        .returning({ id: services.id });
      if (!s) throw new Error('service insert failed');
      firstServiceId ||= s.id;
      for (const branchName of service.branches) {
        const [b] = await tx
          .insert(branches)
          .values({ name: `${service.name} ${branchName}`, serviceId: s.id })
          .returning({ id: branches.id });
        if (!b) throw new Error('branch insert failed');
        firstBranchId ||= b.id;
        const deps = await tx
          .insert(departments)
          .values(DEMO_DEPARTMENTS.map((name) => ({ name, branchId: b.id })))
          .returning({ id: departments.id, name: departments.name });
        firstDepartmentId ||= deps[0]?.id ?? 0;
        for (const d of deps) {
          placements.push({
            serviceId: s.id,
            branchId: b.id,
            branchName: `${service.name} ${branchName}`,
            departmentId: d.id,
            name: d.name,
          });
        }
      }
    }
    const [editor] = await tx
      .insert(authorizations)
      .values({
        name: 'Content editor',
        serviceId: firstServiceId,
        permissions: ['NEWS_MANAGEMENT', 'COURSE_MANAGEMENT'],
      })
      .returning({ id: authorizations.id });
    const roles = await tx
      .insert(authorizations)
      .values([
        {
          name: 'Branch manager',
          branchId: firstBranchId,
          permissions: ['USER_MANAGEMENT', 'PROGRESS_MANAGEMENT', 'DEPARTMENT_MANAGEMENT'],
        },
        {
          name: 'Training coordinator',
          serviceId: firstServiceId,
          permissions: [
            'LEARNING_PATH_MANAGEMENT',
            'COURSE_MANAGEMENT',
            'ADD_COURSE_MANAGEMENT',
            'EDIT_COURSE_MANAGEMENT',
            'PROGRESS_MANAGEMENT',
            'CERTIFICATE_MANAGEMENT',
          ],
        },
        { name: 'HR officer', serviceId: firstServiceId, permissions: ['RECRUITMENT_MANAGEMENT'] },
      ])
      .returning({ id: authorizations.id });
    const org = { serviceId: firstServiceId, branchId: firstBranchId, departmentId: firstDepartmentId };
    await tx.insert(users).values([
      {
        employeeCode: 'admin',
        fullName: 'Academy Administrator',
        email: 'admin@academy.example.com',
        passwordHash: hashes.admin,
        role: 'ROLE_ADMIN',
        position: 'System administrator',
        ...org,
      },
      {
        employeeCode: 'staff',
        fullName: 'Linh Tran',
        email: 'staff@academy.example.com',
        passwordHash: hashes.staff,
        role: 'ROLE_STUDENT',
        authorizationId: editor?.id,
        position: 'Content editor',
        ...org,
      },
      {
        employeeCode: 'student',
        fullName: 'Minh Nguyen',
        email: 'student@academy.example.com',
        passwordHash: hashes.student,
        role: 'ROLE_STUDENT',
        position: 'Sales consultant',
        dateOfBirth: '1998-04-12',
        gender: 'MALE',
        ...org,
      },
      {
        employeeCode: 'newhire',
        fullName: 'An Pham',
        email: 'newhire@academy.example.com',
        passwordHash: hashes.newhire,
        role: 'ROLE_STUDENT',
        activePassword: false,
        position: 'Trainee',
        ...org,
      },
    ]);
    await tx.insert(users).values(
      demoEmployees(
        placements,
        employeeHash,
        roles.map((r) => r.id),
      ),
    );
    await seedDemoCourses(tx);
    await seedDemoQa(tx);
    await seedDemoSite(tx);
    await seedDemoRecruitment(tx);
    await seedDemoCertificates(tx);
    if (options.showcase) await seedDemoShowcase(tx);
  });
  return true;
}

/** Creates the first admin of a production database from ADMIN_EMPLOYEE_CODE / ADMIN_PASSWORD. */
export async function ensureBootstrapAdmin(
  db: Db,
  admin: { employeeCode: string; password: string },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.employeeCode})`, admin.employeeCode.toLowerCase()));
  if (existing) return false;
  await db.insert(users).values({
    employeeCode: admin.employeeCode,
    email: `${admin.employeeCode}@localhost.invalid`,
    passwordHash: await hashPassword(admin.password),
    role: 'ROLE_ADMIN',
    activePassword: false,
  });
  return true;
}
