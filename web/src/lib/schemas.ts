// The shapes of the API's bodies, taken from the contract: lib/api-schema.d.ts is generated
// from api/openapi.yaml (`npm run gen:api`). To change a shape, change the document.
import type { components, paths } from './api-schema';

/** Every schema the document names, by name. */
export type Schemas = components['schemas'];

/** The JSON body of the 200 answer to a GET of path. */
export type GetBody<P extends keyof paths> = paths[P]['get'] extends {
  responses: { 200: { content: { 'application/json': infer B } } };
}
  ? B
  : never;

/** The JSON body of a POST to path. */
export type PostBody<P extends keyof paths> = paths[P]['post'] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;
