// `col` moved down to platform/db/sql.ts; this re-export serves the progress module until its rewrite.
export { col } from '../../platform/db/sql';
