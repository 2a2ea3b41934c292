// The shapes of the API's bodies, taken from the contract: lib/api-schema.d.ts is generated
// from api/openapi.yaml (`npm run gen:api`). To change a shape, change the document.
import type { components } from './api-schema';

/** Every schema the document names, by name. */
export type Schemas = components['schemas'];
