// The demo seeder moved to the composition level (src/demo/, decision 67). This re-export keeps the
// tests of users, progress and platform/idp (being reworked by others now) importing it from here;
// delete it once they import ../../demo/seed.
export {
  DEMO_ACCOUNTS,
  DEMO_EMPLOYEE_COUNT,
  DEMO_EMPLOYEE_PASSWORD,
  DEMO_STOPPED_COUNT,
} from '../../demo/seed';
