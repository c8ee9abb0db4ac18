/** The bad-input fuzzer (tests/support/bad-input-fuzz.ts) on PostgreSQL (TEST_DATABASE_URL; skipped without). */
import { describeBadInput } from '../support/bad-input-fuzz'

describeBadInput('postgres')
