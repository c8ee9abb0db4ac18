/** The authorization matrix (tests/support/authorization-matrix.ts) on PGlite; its PostgreSQL half is authorization-matrix-postgres.test.ts. */
import { describeAuthorizationMatrix } from '../support/authorization-matrix'

describeAuthorizationMatrix('pglite')
