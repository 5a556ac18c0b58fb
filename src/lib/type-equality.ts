// Compile-time checks that a TypeBox schema describes exactly a plain type: `Agree<Same<A, B>>` fails the type-check
// when A and B differ either way (config/load.ts, config/compat-schema.ts).

/** true when A and B are assignable to each other, false otherwise. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** Accepts only `true`: wrap a `Same<…>` in it to make a difference a type error. */
export type Agree<T extends true> = T
