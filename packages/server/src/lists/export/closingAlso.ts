/**
 * An async generator whose return() first ends something else: the source it reads (its reader, cursor,
 * worker or database connection). A generator busy in an `await` queues a return() until its next `yield`;
 * this one ends the source at once, so a closed export never holds what it read from.
 */
export function closingAlso<B>(outer: AsyncGenerator<B>, inner: Pick<AsyncGenerator<unknown>, 'return'>): AsyncGenerator<B> {
  return Object.assign(Object.create(outer) as AsyncGenerator<B>, {
    next: (...args: [] | [unknown]) => outer.next(...args),
    throw: (e: unknown) => outer.throw(e),
    async return(value: B) {
      await inner.return(undefined);
      return outer.return(value);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  });
}
