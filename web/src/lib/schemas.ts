// The shapes of the API's bodies, taken from the contract: lib/api-schema.d.ts is generated
// from api/openapi.yaml (`npm run gen:api`). To change a shape, change the document.
import type { components, paths } from './api-schema';

/** Every schema the document names, by name. */
export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The JSON body of the success answer (200 or 201) to method on path. */
export type Answer<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : paths[P][M] extends { responses: { 201: { content: { 'application/json': infer B } } } }
    ? B
    : never;

/** The JSON body of the 200 answer to a GET of path. */
export type GetBody<P extends keyof paths> = Answer<P, 'get'>;

/** The JSON body a request of method on path sends. */
export type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The query parameters of a GET of path. */
export type GetQuery<P extends keyof paths> = paths[P]['get'] extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/**
 * A list screen's filters: the named query parameters of a GET of path, each as the
 * contract types it or '' for "any".
 */
export type Filters<P extends keyof paths, K extends keyof GetQuery<P>> = {
  [F in K]?: NonNullable<GetQuery<P>[F]> | '';
};
