/**
 * scrypt at N = 2^12 (about 7 ms a hash) instead of production's 2^17 (about 700 ms): the same
 * algorithm and code path, but the suite registers thousands of users and would spend most of its
 * CPU hashing. passwords.unit.test.ts covers the production cost.
 */
export const TEST_PASSWORD_HASH_COST = '12';
