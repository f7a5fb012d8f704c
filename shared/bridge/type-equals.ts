// Compile-time proof that a zod schema and a hand-written contract interface describe the same shape, so the
// records in shared/studio and the bridge's parsers cannot drift apart silently.
export type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export type Assert<T extends true> = T;
