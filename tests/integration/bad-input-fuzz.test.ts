/** The bad-input fuzzer (tests/support/bad-input-fuzz.ts) on PGlite; its PostgreSQL half is bad-input-fuzz-postgres.test.ts. */
import { describeBadInput } from '../support/bad-input-fuzz'

describeBadInput('pglite')
