/**
 * A known path asked with a method it does not route (`DELETE /games/{id}`) answers 405 with
 * `Allow`, not 404: the table of paths and their methods is collected as routes are added.
 */
import type { App } from './types.js';

export interface RouteTable {
  /** The methods routed for `path`, or undefined for an unknown path. */
  allowed(path: string): string[] | undefined;
}

export function collectRoutes(app: App): RouteTable {
  const routes: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('*')) return; // catch-alls (CORS preflights) name no path
    let methods = byUrl.get(route.url);
    if (!methods) {
      methods = new Set();
      byUrl.set(route.url, methods);
      const source = route.url
        .split(/(:[A-Za-z_]\w*)/)
        .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      routes.push({ pattern: new RegExp(`^${source}/?$`), methods });
    }
    for (const method of [route.method].flat()) methods.add(method);
  });
  return {
    allowed: (path) => {
      const found = routes.find((r) => r.pattern.test(path));
      return found && [...found.methods].sort();
    },
  };
}
