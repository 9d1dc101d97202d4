/**
 * Pages run under a Content-Security-Policy without 'unsafe-eval'. The browser gets the contract's schema-free entry,
 * but importing the whole contract (and validating the module registry, as the shell does) must not construct a
 * Function either, or a page that loads it logs a CSP violation. Compiling a schema does (TypeBox probes for eval),
 * so that waits for the server's first use.
 */
it('constructs no Function on import or registry validation', () => {
  const probes: string[] = [];
  const real = globalThis.Function;
  globalThis.Function = new Proxy(real, {
    construct(_target, args: string[]) {
      probes.push(args.join(', '));
      throw new EvalError('refused by the Content-Security-Policy');
    },
  });
  try {
    jest.isolateModules(() => {
      const contract = jest.requireActual<typeof import('./index')>('./index');
      contract.parseRegistry({ remotes: [] });
    });
  } finally {
    globalThis.Function = real;
  }
  expect(probes).toEqual([]);
});
