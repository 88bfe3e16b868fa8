import { buildApp } from './app.js';
import { hoistTitledSchemas } from './http/openapi-components.js';

/** The OpenAPI document exactly as committed in `openapi/openapi.json`. */
export async function generateOpenApi(): Promise<string> {
  const app = await buildApp({});
  try {
    await app.ready();
    return `${JSON.stringify(hoistTitledSchemas(app.swagger()), null, 2)}\n`;
  } finally {
    await app.close();
  }
}
