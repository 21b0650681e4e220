/** Produces unique ids (operation ids, room ids, client message ids). */
export abstract class IdGenerator {
  /** A fresh id, unique for the lifetime of the process. */
  abstract next(): string;
}
