/**
 * Fastify's response serializers (fast-json-stringify), each compiled when its route first
 * answers with that status rather than when the app starts. Compiling every response schema of
 * every route was a fifth of a server's start (~0.27 s of CPU), and most of them (the problems,
 * the rarer statuses, the routes that send JSON made elsewhere) are used seldom or never in a
 * process's life. A schema fast-json-stringify refuses then fails its first answer instead of the
 * start: the in-process tests compile every one of them (`test/http/helpers/app.ts`).
 */
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/** Fastify's `schemaController.compilersFactory.buildSerializer`. */
export type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;

const compilers = SerializerSelector();

export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = compilers(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialize ??= compile(route))(data);
  };
};
