import type { Request } from 'express';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  match?: (path: string) => boolean;
}

/** The methods the app's router has for this path (for 405 and its `Allow` header). */
export function allowedMethods(req: Request): string[] {
  const app = req.app as unknown as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } };
  const stack = app.router?.stack ?? app._router?.stack ?? [];
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route || !layer.match) continue;
    try {
      if (!layer.match(req.path)) continue;
    } catch {
      continue;
    }
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all') methods.add(method.toUpperCase());
    }
  }
  methods.delete(req.method.toUpperCase());
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
