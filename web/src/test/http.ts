/**
 * MSW's `http`, checked against the server's OpenAPI document (src/lib/api/schema.d.ts) at typecheck time: a
 * handler's path must be one the schema lists for that method, its answer one of the JSON bodies the schema gives
 * that operation (any status), and `request.json()` reads the operation's request body. So a fixture that drifts
 * from the server fails `npm run typecheck` instead of passing a test against a shape the server never sends.
 *
 *   server.use(http.get('/api/projects/12', () => HttpResponse.json(project)));
 *   server.use(http.post('/api/users/:id/block', () => new HttpResponse(null, { status: 204 })));
 *
 * A path parameter is written as a number (`/api/projects/12`, that one only) or as `:name`, named as the schema
 * names it (`/api/projects/:id`, any). Build answers inside the resolver, or type them where they are made
 * (`HttpResponse.json<ErrorBody>(…)`), so the body is checked against the operation.
 */
import {
  http as mswHttp,
  type DefaultBodyType,
  type HttpResponse,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
  type RequestHandlerOptions,
} from 'msw';
import type { components, paths } from '@/lib/api/schema';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The error body every failed call of ours carries (`{"message"}`). */
export type ErrorBody = components['schemas']['ErrorBody'];

/** The schema's paths that answer `M`. */
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

/** How a test may write a schema path: each `{name}` as a number or as `:name` (`/api/projects/{id}` → `/api/projects/12`). */
type Written<P extends string> = P extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}${number | `:${Name}`}${Written<Tail>}`
  : P;

/** The schema path (`/api/projects/{id}`) a written one (`/api/projects/12`) stands for. */
type SchemaPath<S extends string, M extends Method> = {
  [P in PathsWith<M>]: S extends Written<P> ? P : never;
}[PathsWith<M>];

type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer Op }
  ? Op
  : never;

/** The content of one response or request body, whatever its media type. */
type ContentOf<T> = T extends { content: infer C } ? C[keyof C] : never;

/** Every body the operation may answer with, across its statuses; unknown bodies (a file) take anything. */
type ResponseBody<Op> = Op extends { responses: infer R }
  ? unknown extends { [S in keyof R]: ContentOf<R[S]> }[keyof R]
    ? DefaultBodyType
    : Extract<{ [S in keyof R]: ContentOf<R[S]> }[keyof R], DefaultBodyType>
  : never;

type RequestBody<Op> = Op extends { requestBody?: infer B }
  ? Extract<ContentOf<NonNullable<B>>, DefaultBodyType> extends never
    ? DefaultBodyType
    : Extract<ContentOf<NonNullable<B>>, DefaultBodyType>
  : DefaultBodyType;

type Operation_<S extends string, M extends Method> = Operation<SchemaPath<S, M>, M>;

/**
 * What `M` on the schema path `P` may answer, for an answer made outside a resolver:
 * `answer: () => HttpResponse<Body<'/api/connections/scan', 'post'>>`.
 */
export type Body<P extends PathsWith<M>, M extends Method> = ResponseBody<Operation<P, M>>;

/**
 * MSW's resolver, answering only with an `HttpResponse` whose body the operation may send (MSW itself lets a plain
 * `Response` through unchecked; `notFromTheServer` is the one way to send something else, and says so).
 */
type Resolver<S extends string, M extends Method> = (
  info: Parameters<HttpResponseResolver<PathParams, RequestBody<Operation_<S, M>>>>[0],
) =>
  | HttpResponse<ResponseBody<Operation_<S, M>>>
  | undefined
  | void
  | Promise<HttpResponse<ResponseBody<Operation_<S, M>>> | undefined | void>;

function method<M extends Method>(name: M) {
  return <S extends Written<PathsWith<M>>>(
    path: S,
    resolver: Resolver<S, M>,
    options?: RequestHandlerOptions,
  ): HttpHandler => mswHttp[name](path, resolver as HttpResponseResolver, options);
}

/** Typed handlers for the test server (src/test/server.ts): `server.use(http.get('/api/rewards', …))`. */
export const http = {
  get: method('get'),
  post: method('post'),
  put: method('put'),
  patch: method('patch'),
  delete: method('delete'),
};

/**
 * An answer that does not come from our server (a proxy's HTML error page, a body cut short), which the schema
 * rightly does not list: `http.post('/api/auth/login', () => notFromTheServer(new HttpResponse('<html>…', …)))`.
 * It says so where it is used, and checks nothing.
 */
export function notFromTheServer(response: Response): HttpResponse<never> {
  return response as HttpResponse<never>;
}
