/** The authorization matrix (tests/support/authorization-matrix.ts) on PostgreSQL (TEST_DATABASE_URL; skipped without). */
import { describeAuthorizationMatrix } from '../support/authorization-matrix'

describeAuthorizationMatrix('postgres')
