/**
 * Request validation with TypeBox. On top of @fastify/type-provider-typebox's compiler: path and query
 * integers must be plain decimal digits (TypeBox's conversion would turn "1.5" into 1 and "1e3" into 1000),
 * and /api routes without a querystring schema accept no query parameters.
 */
import type { FastifySchemaCompiler, FastifySchemaValidationError, RouteOptions } from 'fastify';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import type { App } from '../app';

const DIGITS = /^-?[0-9]{1,15}$/;

function integerKeys(schema: TSchema): string[] {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .filter(([, s]) => s.type === 'integer')
    .map(([k]) => k);
}

const compiler: FastifySchemaCompiler<TSchema> = (ctx) => {
  const validate = TypeBoxValidatorCompiler(ctx);
  if (ctx.httpPart !== 'params' && ctx.httpPart !== 'querystring') return validate;
  const keys = integerKeys(ctx.schema);
  return (value: unknown) => {
    const record = (value ?? {}) as Record<string, unknown>;
    const bad = keys.filter((k) => typeof record[k] === 'string' && !DIGITS.test(record[k] as string));
    if (bad.length) {
      const error: FastifySchemaValidationError[] = bad.map((k) => ({
        keyword: 'type',
        instancePath: `/${k}`,
        schemaPath: `#/properties/${k}/type`,
        params: {},
        message: 'must be an integer',
      }));
      return { error };
    }
    return validate(value);
  };
};

const NO_QUERY = Type.Object({}, { additionalProperties: false });

export function registerValidation(app: App): void {
  app.setValidatorCompiler(compiler);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    route.schema ??= {};
    route.schema.querystring ??= NO_QUERY;
  });
}
