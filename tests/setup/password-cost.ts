// Passwords hashed at scrypt N = 2^10 in the server tests: the same format and checks, a
// millisecond a hash. The tests of the cost itself put OWASP's back (tests/server/sessions.test.ts).
import { setPasswordCostForTests } from '../../server/auth/password';

setPasswordCostForTests(2 ** 10);
