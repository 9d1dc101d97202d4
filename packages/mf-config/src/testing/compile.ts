import type { Compiler, Stats } from 'webpack';

/** Runs a test's webpack build to its end, closes the compiler and returns the build's error messages. */
export async function compile(compiler: Compiler): Promise<string[]> {
  const stats = await new Promise<Stats>((resolve, reject) => compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))));
  await new Promise((resolve) => compiler.close(resolve));
  return stats.toJson({ all: false, errors: true }).errors?.map((error) => error.message) ?? [];
}
