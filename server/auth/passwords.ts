import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** A hash nobody's password matches, made with the same options as every real one. */
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('dummy-password-for-timing');
  return dummyHash;
}

/**
 * One argon2 verification whether the account exists or not: against its hash, or against a hash
 * nobody has, so that an unknown address answers in the time of a wrong password.
 */
export async function verifyPasswordOrDummy(passwordHash: string | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(passwordHash ?? (await dummy()), password);
  return ok && passwordHash !== undefined;
}

/**
 * Makes the dummy hash once: every sign-in waits for it, so that the first one of a process costs the
 * same whether its address is known or not.
 */
export async function prepareDummyHash(): Promise<void> {
  await dummy();
}
