// Passwords hashed at the minimum scrypt cost in the server tests: the same format and checks, a
// millisecond a hash. The tests of the cost itself put OWASP's back (tests/server/sessions.test.ts).
import { hashAtMinimumCost } from '../../server/auth/password';

hashAtMinimumCost(true);
