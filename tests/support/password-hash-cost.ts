/**
 * scrypt's cost exponent (PASSWORD_HASH_COST) of every server and fixture the tests start: N = 2^10
 * instead of a deployment's 2^15, as the tests sign in thousands of times (ADR 040). Each hash keeps
 * its parameters, so nothing else differs.
 */
export const TEST_PASSWORD_HASH_COST = 10;

/** The same, as the environment of a server process. */
export const testPasswordHashEnv = { PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) };
